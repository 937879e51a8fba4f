// lists-bench: the benchmarks of Lists, each against its reference, each printing its table and its ratio.
// See bench/README.md.
import Foundation

exit(BenchCommandLine.run(Array(CommandLine.arguments.dropFirst())))
