"""What the content app says to people (spec 5.2, 5.4, 5.10 and 8 where the spec words it)."""

# Names (spec 5.4)
TEMPLATE_NAME_REQUIRED = "Template name cannot be empty."
HEADER_NAME_REQUIRED = "Header name cannot be empty."
FOOTER_NAME_REQUIRED = "Footer name cannot be empty."
FOLDER_NAME_REQUIRED = "Folder name cannot be empty."
NAME_TOO_LONG = "The name can be at most {limit} characters."
TEMPLATE_NAME_TAKEN = "A template with this name already exists."
FOLDER_NAME_TAKEN = "A folder with this name already exists."
HEADER_NAME_TAKEN = "A header with this name already exists."
FOOTER_NAME_TAKEN = "A footer with this name already exists."

# Folders (spec 5.10, 7)
FOLDER_NOT_EMPTY = "A folder must hold no templates and no subfolders to be deleted."
FOLDER_DELETED = "Folder deleted successfully."
FOLDER_RENAMED = "Folder renamed successfully."
FOLDER_NOT_FOUND = "Folder not found."
FOLDER_OTHER_TYPE = "The folder holds templates of another type."
FOLDER_TOO_DEEP = "Folders can be nested at most {limit} deep."

# Templates
TEMPLATE_NOT_FOUND = "Template not found."
TEMPLATE_TYPE_FIXED = "A template's type cannot be changed."
UNSUPPORTED_FILE = "Unsupported file type. Please upload only Html files"
HTML_TOO_LARGE = "The HTML can be at most {mb} MB."
THUMBNAIL_NOT_FOUND = "No thumbnail yet."
THUMBNAIL_FAILED = "Something went wrong. The thumbnail was not made."
PREVIEW_LINK_INVALID = "Invalid URL, unable to display the email"

# Headers and footers (spec 5.2)
HEADER_NOT_FOUND = "Header not found."
FOOTER_NOT_FOUND = "Footer not found."
COLOURS_SAME = "Footer background and font colours must differ."
COLOUR_INVALID = "Please choose a colour as #rrggbb."
