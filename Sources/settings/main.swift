import SettingsCommand

// The whole executable: the command layer reads the process's arguments, environment and
// terminal, writes stdout and stderr, and exits with the command's status.
CommandLineTool.main()
