# Hardware drivers: display panels, buttons, battery. Each takes ready-made
# bus and pin objects (built by a board file), so fakes drop in for tests.
