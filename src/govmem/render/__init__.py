"""Pictures and pages of a corpus: graphs, timelines, SVG, the static HTML report.

Pure: text in, text out. Imports every layer below the facade.
"""
