public enum CLIPlaceholderX {}
