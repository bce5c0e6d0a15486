from django.contrib import admin

from tenants.models import Client, Domain, Membership, Plan, User


@admin.register(Client)
class ClientAdmin(admin.ModelAdmin):
    list_display = ("name", "schema_name", "site_type", "status", "plan")
    search_fields = ("name", "schema_name")


admin.site.register(Domain)
admin.site.register(Plan)


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    list_display = ("email", "first_name", "last_name", "is_superadmin", "is_active")
    search_fields = ("email",)
    exclude = ("password",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "client", "role", "has_mkm_access", "is_active")
    list_filter = ("role",)
