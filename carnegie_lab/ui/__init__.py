"""What the app and the tutorials' widgets share: the figure host (``figures``)."""
