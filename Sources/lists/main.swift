import Foundation
import ListsCLI

exit(ListsCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment: ListsCommandLine.processEnvironment()))
