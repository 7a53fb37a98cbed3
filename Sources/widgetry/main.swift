import WidgetryCLI

#if canImport(Glibc)
import Glibc
#endif

SignalCleanup.install()
exit(await WidgetryCLI.main(CommandLine.arguments.dropFirst().map { $0 }))
