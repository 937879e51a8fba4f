import Foundation
import PackagePlugin

/// Embeds the files of a target's `Files` folder into it at build time, as the bytes of `EmbeddedFiles` (see the
/// embed-files tool), so that the built program carries them and reads no file at run time.
///
/// The folder is wherever the target has it (ListsWeb's is `Assets/Files`); its files are the target's own, of
/// types SwiftPM does not build, so that a change to one of them is seen by the build like a change to a source.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
    /// One command: the tool writes `EmbeddedFiles.swift` from the folder's files.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).filter { $0.path.contains("/Files/") }
        guard let first = files.first?.path, let end = first.range(of: "/Files/")?.upperBound else { return [] }
        let folder = String(first[..<end])
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files of \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [folder, output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
