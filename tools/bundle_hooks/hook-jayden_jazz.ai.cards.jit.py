"""PyInstaller hook (build_bundle.py): the compiled card search's modules as source files.

numba keys its on-disk cache of the kernel by the file a function comes from; in the
archive there is no such file.
"""

module_collection_mode = "py"
