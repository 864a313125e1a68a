"""What a deployment of the app needs from the server side (no widgets, no rules here).

- :mod:`.kernels`: a kernel manager with a cap on kernels (a full server says so).
- :mod:`.json_api`: the base of the JSON APIs (tables, progress): bodies kept to a size.
"""
