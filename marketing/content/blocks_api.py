"""Campaign headers and footers, and which campaigns use them (spec 7)."""

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.content import associations, selectors
from marketing.content.schemas import (
    AssociatedCampaignsOut,
    AssociationQuery,
    BlockQuery,
    FooterIn,
    FooterOut,
    FooterPageOut,
    FooterPatch,
    HeaderIn,
    HeaderOut,
    HeaderPageOut,
    HeaderPatch,
)
from marketing.content.services import blocks

router = Router(tags=["content"])


def _campaigns(pairs: list[tuple[str, str]]) -> dict:
    return {"associatedCampaigns": [{"CampaignName": n, "Status": s} for n, s in pairs]}


@router.get("/mm/campaignHeaders", response={200: HeaderPageOut, **ERRORS}, by_alias=True)
def campaignHeaderList(request: HttpRequest, query: Query[BlockQuery]):
    found = selectors.header_list(search=query.search, sort=query.sort)
    return paginate(found, page=query.page, page_size=query.pageSize)


@router.post("/mm/campaignHeaders", response={201: HeaderOut, **ERRORS}, by_alias=True)
def campaignHeaderCreate(request: HttpRequest, data: HeaderIn):
    return Status(201, blocks.header_create(member=request.auth, name=data.name, html=data.html))


@router.get(
    "/mm/campaignHeaders/{int:header_id}", response={200: HeaderOut, **ERRORS}, by_alias=True
)
def campaignHeaderGet(request: HttpRequest, header_id: int):
    return selectors.header_get(header_id=header_id)


@router.patch(
    "/mm/campaignHeaders/{int:header_id}", response={200: HeaderOut, **ERRORS}, by_alias=True
)
def campaignHeaderUpdate(request: HttpRequest, header_id: int, data: HeaderPatch):
    return blocks.header_update(
        header=selectors.header_get(header_id=header_id),
        member=request.auth,
        name=data.name,
        html=data.html,
    )


@router.delete("/mm/campaignHeaders/{int:header_id}", response={204: None, **ERRORS})
def campaignHeaderDelete(request: HttpRequest, header_id: int):
    blocks.header_delete(header=selectors.header_get(header_id=header_id))
    return Status(204, None)


@router.get("/mm/campaignFooters", response={200: FooterPageOut, **ERRORS}, by_alias=True)
def campaignFooterList(request: HttpRequest, query: Query[BlockQuery]):
    found = selectors.footer_list(search=query.search, sort=query.sort)
    return paginate(found, page=query.page, page_size=query.pageSize)


@router.post("/mm/campaignFooters", response={201: FooterOut, **ERRORS}, by_alias=True)
def campaignFooterCreate(request: HttpRequest, data: FooterIn):
    footer = blocks.footer_create(
        member=request.auth,
        name=data.name,
        html=data.html,
        background_color=data.backgroundColor,
        font_color=data.fontColor,
        is_default=data.isDefault,
    )
    return Status(201, footer)


@router.get(
    "/mm/campaignFooters/{int:footer_id}", response={200: FooterOut, **ERRORS}, by_alias=True
)
def campaignFooterGet(request: HttpRequest, footer_id: int):
    return selectors.footer_get(footer_id=footer_id)


@router.patch(
    "/mm/campaignFooters/{int:footer_id}", response={200: FooterOut, **ERRORS}, by_alias=True
)
def campaignFooterUpdate(request: HttpRequest, footer_id: int, data: FooterPatch):
    return blocks.footer_update(
        footer=selectors.footer_get(footer_id=footer_id),
        member=request.auth,
        name=data.name,
        html=data.html,
        background_color=data.backgroundColor,
        font_color=data.fontColor,
        is_default=data.isDefault,
    )


@router.delete("/mm/campaignFooters/{int:footer_id}", response={204: None, **ERRORS})
def campaignFooterDelete(request: HttpRequest, footer_id: int):
    blocks.footer_delete(footer=selectors.footer_get(footer_id=footer_id))
    return Status(204, None)


@router.get("/checkHeaderAssociatedCampaigns", response={200: AssociatedCampaignsOut, **ERRORS})
def checkHeaderAssociatedCampaigns(request: HttpRequest, query: Query[AssociationQuery]):
    header = selectors.header_get(header_id=query.id)
    return _campaigns(associations.header_campaigns(header.pk))


@router.get("/checkFooterAssociatedCampaigns", response={200: AssociatedCampaignsOut, **ERRORS})
def checkFooterAssociatedCampaigns(request: HttpRequest, query: Query[AssociationQuery]):
    footer = selectors.footer_get(footer_id=query.id)
    return _campaigns(associations.footer_campaigns(footer.pk))
