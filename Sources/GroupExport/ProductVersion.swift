/// The version chat-tui reports (`--version`) and records in the files it writes: the one place it is set
/// (CHANGELOG.md says what each version changed).
package enum ProductVersion {
    package static let text = "3.0.0-dev"
}
