import WidgetryCLI

#if canImport(Glibc)
import Glibc
#endif

exit(await WidgetryCLI.main(CommandLine.arguments.dropFirst().map { $0 }))
