import { Checkbox, Divider, Drawer, MultiSelect, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { messages } from '../../../lib/messages';
import { DialogActions } from '../../../components/DialogActions';
import { repDisplayName } from '../shared/rep';
import { toSelectData } from '../shared/useAudienceOptions';
import type { Named, Rep } from '../shared/options-api';
import type { Profile, ProfileIn } from './api';
import type { ProfileField } from '../fields/api';
import { createProfile, updateProfile } from './api';
import { CustomFieldInput } from './CustomFieldInput';
import { ProfileBounces } from './ProfileBounces';
import { ProfileFormSubmissions } from './ProfileFormSubmissions';
import { emptyForm, formFromProfile, textFields, toProfileIn, validateProfile, type ProfileForm } from './profile-form';

interface ProfileDrawerProps {
  opened: boolean;
  profile: Profile | null;
  groups: Named[];
  tags: Named[];
  fields: ProfileField[];
  reps: Rep[];
  onClose: () => void;
  onSaved: () => void;
}

/** Adds a profile, or edits the one given; the form helper's messages come first, then the server's. */
export function ProfileDrawer({ opened, profile, groups, tags, fields, reps, onClose, onSaved }: ProfileDrawerProps) {
  const [form, setForm] = useState<ProfileForm>(emptyForm);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) setForm(profile ? formFromProfile(profile) : emptyForm());
  }, [opened, profile]);

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    const errors = validateProfile(form, fields);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      const body = toProfileIn(form, fields, profile ?? undefined);
      if (profile) await updateProfile(profile.id, body);
      else await createProfile(body as ProfileIn);
      toast('success', messages.profileSaved);
      onSaved();
    } catch (error) {
      toast('error', error instanceof Error ? error.message : messages.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  const repData = reps.map((rep) => ({ value: String(rep.id), label: repDisplayName(rep) }));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={<Title order={3}>{profile ? messages.editProfile : messages.addProfile}</Title>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        data-testid="profile-form"
      >
        <Stack>
          <TextInput label={messages.fieldEmail} withAsterisk type="email" value={form.email} onChange={(event) => set('email', event.currentTarget.value)} />
          <SimpleGrid cols={2}>
            {textFields.map(([key, label]) => (
              <TextInput key={key} label={label} value={form[key]} onChange={(event) => set(key, event.currentTarget.value)} />
            ))}
          </SimpleGrid>
          <Select label={messages.fieldRep} data={repData} value={form.repId} onChange={(value) => set('repId', value)} clearable searchable />
          <MultiSelect label={messages.fieldGroups} withAsterisk data={toSelectData(groups)} value={form.groupIds} onChange={(value) => set('groupIds', value)} searchable data-testid="profile-groups" />
          <MultiSelect label={messages.fieldTags} data={toSelectData(tags)} value={form.tagIds} onChange={(value) => set('tagIds', value)} searchable />
          <Checkbox label={messages.fieldDoNotEmail} checked={form.doNotEmail} onChange={(event) => set('doNotEmail', event.currentTarget.checked)} />
          {fields.length > 0 && <Divider label={messages.customFields} labelPosition="left" />}
          {fields.map((field) => (
            <CustomFieldInput key={field.id} field={field} value={form.custom[field.key]} onChange={(value) => setForm((current) => ({ ...current, custom: { ...current.custom, [field.key]: value } }))} />
          ))}
          <DialogActions onCancel={onClose} busy={saving} testId="profile-save" />
        </Stack>
      </form>
      {profile ? <ProfileBounces profileId={profile.id} /> : null}
      {profile ? <ProfileFormSubmissions profileId={profile.id} /> : null}
    </Drawer>
  );
}
