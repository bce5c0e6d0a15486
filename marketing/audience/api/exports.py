from django.http import HttpRequest
from ninja import Router, Status

from core.responses import ERRORS_WITH_CONFLICT
from marketing.audience.schemas.exports import (
    DownloadIn,
    DownloadMetricsIn,
    DownloadOut,
    ExportProfilesIn,
    StatusOneOut,
)
from marketing.audience.services import exports
from marketing.jobs import files
from marketing.jobs.schemas import JobIdOut

router = Router(tags=["exports"])


@router.post("/mm/exports/profiles", response={202: JobIdOut, **ERRORS_WITH_CONFLICT})
def profileExport(request: HttpRequest, data: ExportProfilesIn):
    job = exports.export_start(
        filters={
            "search": data.search,
            "group_id": data.groupId,
            "tag_id": data.tagId,
            "status": data.status,
            "verification": data.verification,
        },
        started_by_id=request.auth.user_id,
        started_by_email=request.auth.email,
    )
    return Status(202, {"jobId": job.pk})


@router.post("/downloadBase64", response={200: DownloadOut, **ERRORS_WITH_CONFLICT})
def downloadBase64(request: HttpRequest, data: DownloadIn):  # noqa: N802 - the spec's name
    return files.download_base64(
        member=request.auth, file_id=data.filePath, file_name=data.fileName
    )


@router.post("/postDownloadReportMetrics", response={200: StatusOneOut, **ERRORS_WITH_CONFLICT})
def postDownloadReportMetrics(request: HttpRequest, data: DownloadMetricsIn):  # noqa: N802
    return exports.download_metrics_record(key=data.key, user_email=request.auth.email)
