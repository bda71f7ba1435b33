"""What the app and the tutorials' widgets share: the figure host (``figures``: one FigureWidget updated in
place) and the error guard of their callbacks (``guard``)."""
