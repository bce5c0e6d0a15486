"""What the file manager says to people (spec 5.10, 5.4 and 9 where the spec words the rule)."""

FOLDER_NAME_REQUIRED = "Folder name is required."
FOLDER_NAME_TOO_LONG = "A folder name can be at most {max} characters."
FOLDER_NAME_TAKEN = "A folder with this name already exists here."
FOLDER_NOT_EMPTY = (
    "This folder cannot be deleted: it still holds files or subfolders. Move or delete them first."
)
FOLDER_TOO_DEEP = "Folders can be nested at most {max} levels deep."
FOLDER_NOT_FOUND = "This file folder could not be found."
FOLDER_CREATED = "Folder created."
FOLDER_RENAMED = "Folder renamed."
FOLDER_DELETED = "Folder deleted."

FILE_NOT_FOUND = "This image could not be found."
FILE_NAME_REQUIRED = "File name is required."
FILE_NAME_TOO_LONG = "A file name can be at most {max} characters."
FILE_NAME_TAKEN = "A file with this name already exists in this folder."
FILE_IMAGES_ONLY = "Only images can be uploaded: PNG, JPEG, GIF or WebP."
FILE_TOO_LARGE = "The file is too large: images can be at most 4 MB."
FILE_TOO_MANY_PIXELS = "The image is too large: at most {max:,} pixels."
FILE_SAME_FOLDER = "The file is already in this folder."
