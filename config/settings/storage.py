"""Where the file manager's images live (marketing/files), through Django's storage API
under the alias "files".

By default the local file system under MEDIA_ROOT, each file at
`<schema>/files/<random key>/<name>`, served by marketing/files/views.py with headers that
keep it from running script on the app's origin. When AWS_STORAGE_BUCKET_NAME is set,
django-storages' S3 backend (any S3-compatible server through AWS_S3_ENDPOINT_URL): the
object's own URL is handed out, so it must be publicly readable (a bucket policy, or
AWS_DEFAULT_ACL=public-read, or AWS_S3_CUSTOM_DOMAIN for a CDN in front). Email recipients
fetch these addresses, so they are never signed: a signed URL would expire in their inbox."""

import os

from config.settings.base import MEDIA_ROOT
from config.settings.env import env

# Spec 9: upload max 4MB, images only.
FILES_MAX_UPLOAD_BYTES = 4 * 1024 * 1024
# Decoding an image this large takes ~200 MB of memory: a small file can declare a huge
# image (a decompression bomb), so the pixels are counted before anything is decoded.
FILES_MAX_IMAGE_PIXELS = env.int("FILES_MAX_IMAGE_PIXELS", default=50_000_000)
# How long browsers and proxies may keep a served image: its bytes never change.
FILES_CACHE_SECONDS = env.int("FILES_CACHE_SECONDS", default=7 * 24 * 3600)

AWS_STORAGE_BUCKET_NAME = env("AWS_STORAGE_BUCKET_NAME", default="")

if AWS_STORAGE_BUCKET_NAME:
    FILES_STORAGE = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            "endpoint_url": env("AWS_S3_ENDPOINT_URL", default=None),
            "region_name": env("AWS_S3_REGION_NAME", default=None),
            "access_key": env("AWS_ACCESS_KEY_ID", default=None),
            "secret_key": env("AWS_SECRET_ACCESS_KEY", default=None),
            "custom_domain": env("AWS_S3_CUSTOM_DOMAIN", default=None),
            "default_acl": env("AWS_DEFAULT_ACL", default=None),
            "location": env("AWS_LOCATION", default=""),
            "addressing_style": env("AWS_S3_ADDRESSING_STYLE", default=None),
            "querystring_auth": False,
            "file_overwrite": False,
            "object_parameters": {"CacheControl": f"public, max-age={FILES_CACHE_SECONDS}"},
        },
    }
else:
    FILES_STORAGE = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": str(MEDIA_ROOT)},
    }

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    "files": FILES_STORAGE,
    # Published pages and their assets (marketing/page_hosting selectors.client_page_storage,
    # each client under its schema): local disk unless the client chose "pages_s3".
    "pages": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": os.path.join(str(MEDIA_ROOT), "pages")},
    },
}

# The S3-compatible storage (and CDN in front of it) a client may choose for its pages
# instead, once and for good (spec 9); offered only when PAGES_S3_BUCKET is set.
PAGES_S3_BUCKET = env("PAGES_S3_BUCKET", default="")
if PAGES_S3_BUCKET:
    STORAGES["pages_s3"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": PAGES_S3_BUCKET,
            "endpoint_url": env("PAGES_S3_ENDPOINT_URL", default=None),
            "region_name": env("PAGES_S3_REGION_NAME", default=None),
            "access_key": env("PAGES_S3_ACCESS_KEY_ID", default=None),
            "secret_key": env("PAGES_S3_SECRET_ACCESS_KEY", default=None),
            "custom_domain": env("PAGES_S3_CUSTOM_DOMAIN", default=None),
            "default_acl": env("PAGES_S3_DEFAULT_ACL", default=None),
            "location": env("PAGES_S3_LOCATION", default=""),
            "addressing_style": env("PAGES_S3_ADDRESSING_STYLE", default=None),
            "querystring_auth": False,
            "file_overwrite": True,
        },
    }
