/// The static assets pages use (stylesheet, script, icon), compiled into the binary so that nothing is read
/// from disk at run time and no path from a request ever reaches the file system.
struct AssetController: Sendable {
    func addRoutes(to router: inout Router) {
    }
}
