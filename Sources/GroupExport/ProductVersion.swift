/// The version chat-tui reports (`--version`) and records in the files it writes: the one place it is set
/// (CHANGELOG.md says what each version changed).
public enum ProductVersion {
    public static let text = "3.0.0-dev"
}
