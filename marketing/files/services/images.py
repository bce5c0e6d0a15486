"""What an upload really is: an image of an accepted format, judged by its bytes (Pillow),
never by its name or the type the browser claimed; and names made safe to show and store.

SVG is refused whatever it is called: it is XML that can carry script."""

import re
import unicodedata
import warnings
from dataclasses import dataclass
from typing import BinaryIO

from django.conf import settings
from PIL import Image, UnidentifiedImageError

from core.errors import ValidationFailed
from marketing.files import messages
from marketing.files.models import FILE_NAME_MAX

# Pillow format -> (content type, the extension the stored object gets).
FORMATS = {
    "PNG": ("image/png", "png"),
    "JPEG": ("image/jpeg", "jpg"),
    "GIF": ("image/gif", "gif"),
    "WEBP": ("image/webp", "webp"),
}
EXTENSIONS = {"png", "jpg", "jpeg", "jpe", "gif", "webp"}
CONTENT_TYPES = {content_type for content_type, _ in FORMATS.values()}


@dataclass(frozen=True)
class ImageFacts:
    content_type: str
    extension: str
    width: int
    height: int


def _refused(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def image_inspect(stream: BinaryIO) -> ImageFacts:
    """The image's format and size, after decoding it whole: a file that only starts like an
    image, or declares more pixels than FILES_MAX_IMAGE_PIXELS, is refused."""
    limit = settings.FILES_MAX_IMAGE_PIXELS
    try:
        stream.seek(0)
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(stream, formats=list(FORMATS)) as image:
                image_format, (width, height) = image.format, image.size
                if width * height > limit:
                    raise _refused("file", messages.FILE_TOO_MANY_PIXELS.format(max=limit))
                image.verify()  # the chunks' checksums (PNG), the structure
            stream.seek(0)
            with Image.open(stream, formats=[image_format]) as image:
                image.load()  # every pixel decodes: a file cut short is refused
    except ValidationFailed:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise _refused("file", messages.FILE_TOO_MANY_PIXELS.format(max=limit)) from exc
    except (
        UnidentifiedImageError,
        OSError,
        SyntaxError,
        ValueError,
        EOFError,
    ) as exc:
        raise _refused("file", messages.FILE_IMAGES_ONLY) from exc
    finally:
        stream.seek(0)
    content_type, extension = FORMATS[image_format]
    return ImageFacts(content_type, extension, width, height)


def _split(name: str) -> tuple[str, str]:
    stem, dot, extension = name.rpartition(".")
    return (stem, extension.lower()) if dot and stem else (name, "")


def display_name_clean(raw: str) -> str:
    """A name as a person gave it, safe to show: no folder part, no control or
    direction-changing characters, spaces collapsed, no leading or trailing dots."""
    name = unicodedata.normalize("NFC", raw or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(name.split()).strip(" .")


def upload_name(raw: str) -> str:
    """An uploaded file's display name: cleaned, its extension one of an image's, its stem
    cut so the whole fits FILE_NAME_MAX."""
    stem, extension = _split(display_name_clean(raw))
    if extension not in EXTENSIONS:
        raise _refused("file", messages.FILE_IMAGES_ONLY)
    stem = stem.strip(" .") or "image"
    return f"{stem[: FILE_NAME_MAX - len(extension) - 1].rstrip(' .')}.{extension}"


def rename_name(raw: str, *, current: str) -> str:
    """A new name for a file: cleaned; without an image's extension it keeps the current one
    (renaming "logo.png" to "brand" gives "brand.png")."""
    name = display_name_clean(raw)
    if not name:
        raise _refused("name", messages.FILE_NAME_REQUIRED)
    if _split(name)[1] not in EXTENSIONS:
        name = f"{name}.{_split(current)[1] or 'png'}"
    if len(name) > FILE_NAME_MAX:
        raise _refused("name", messages.FILE_NAME_TOO_LONG.format(max=FILE_NAME_MAX))
    return name


def storage_file_name(display_name: str, *, extension: str) -> str:
    """The name in the storage and the public address: ASCII letters, digits, dot, dash and
    underscore only, with the extension of the format the bytes really are."""
    stem = _split(display_name)[0]
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    ascii_stem = re.sub(r"[^A-Za-z0-9_-]+", "-", ascii_stem).strip("-_")[:80] or "image"
    return f"{ascii_stem}.{extension}"
