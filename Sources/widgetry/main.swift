import WidgetryCLI

#if canImport(Glibc)
import Glibc
#endif

SignalCleanup.install()
SignalCleanup.exit(await WidgetryCLI.main(CommandLine.arguments.dropFirst().map { $0 }))
