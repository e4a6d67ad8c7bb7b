# Screens and navigation: they draw with ui/draw.py on any display that
# follows the display contract and react to logical keys; no pins here.
