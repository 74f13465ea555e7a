"""PyInstaller hook (build_bundle.py): the compiled card search's modules as source files.

numba keeps a function's compiled code in the folder bundle_entry.py names (the player's
cache folder) only when the function's module is a file; in the archive it is not.
"""

module_collection_mode = "py"
