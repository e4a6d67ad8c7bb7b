# The save file, loading it, older formats, the history: docs/STORAGE.md.
