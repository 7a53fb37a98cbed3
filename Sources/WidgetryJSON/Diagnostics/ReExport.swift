// The diagnostic model is part of what every reader of JSON reports in: a module that imports
// WidgetryJSON sees `Diagnostic`, `SourceLocation` and `Suggestion` as before.
@_exported public import WidgetryDiagnostics
