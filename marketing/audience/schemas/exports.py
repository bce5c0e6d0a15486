from ninja import Field, Schema


class ExportProfilesIn(Schema):
    search: str | None = Field(default=None, max_length=200)
    groupId: int | None = None
    tagId: int | None = None
    status: str | None = None
    verification: str | None = None


class DownloadIn(Schema):
    # The id of the file as the job list gives it (`fileId`), never a storage path.
    filePath: str = Field(max_length=100)
    fileName: str = Field(default="", max_length=255)


class DownloadLinkOut(Schema):
    url: str


class DownloadOut(Schema):
    status: int
    fileName: str
    data: str


class DownloadMetricsIn(Schema):
    key: str = Field(max_length=500)
    skipTokenValidation: bool | None = None


class StatusOneOut(Schema):
    status: int
