// SwiftPM generates `Bundle.module` for ListsModel's bundled seed.plist; the fuzz build compiles the sources
// without SwiftPM and never seeds, so the main bundle stands in.
import Foundation

extension Bundle {
    static let module = Bundle.main
}
