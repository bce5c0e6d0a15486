import { Alert, Button, Checkbox, Container, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { messages } from '../../lib/messages';
import { trialSignUp } from './api';
import type { Person } from './SignUpPage';

const SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'];
const COUNTRIES = ['US', 'CA', 'GB', 'IE', 'FR', 'DE', 'ES', 'IT', 'NL', 'BE', 'CH', 'SE', 'AU', 'NZ', 'IN', 'JP', 'BR', 'MX'];
const regionName = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({ value: code, label: regionName.of(code) ?? code }));
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

interface Company {
  companyName: string;
  website: string;
  companySize: string;
  country: string;
  timeZone: string;
  termsAccepted: boolean;
}

/** /trial/companydetails: the company and the terms, then the sign-up is sent. */
export default function CompanyDetailsPage() {
  const person = useLocation().state as Person | null;
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Company>({
    initialValues: {
      companyName: '',
      website: '',
      companySize: '',
      country: '',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      termsAccepted: false,
    },
    validate: {
      companyName: (value) => (value.trim() ? null : messages.trialCompanyName),
      termsAccepted: (value) => (value ? null : messages.trialTerms),
    },
  });
  if (!person) return <Navigate to="/trial/signup" replace />;

  const submit = async (company: Company) => {
    setError(null);
    try {
      setSent((await trialSignUp({ ...person, ...company })).message);
    } catch (failure) {
      if (failure instanceof ApiError) {
        form.setErrors(Object.fromEntries(Object.entries(failure.errors).map(([field, list]) => [field, list.join(' ')])));
        setError(failure.message);
      } else setError(messages.somethingWentWrongTryAgain);
    }
  };

  if (sent)
    return (
      <Container size={460} py="xl">
        <Title order={1}>{messages.trialCheckEmail}</Title>
        <Text mt="md">{sent}</Text>
      </Container>
    );
  return (
    <Container size={460} py="xl">
      <Title order={1}>{messages.trialCompanyDetails}</Title>
      <Text mt="xs">{messages.trialCompanyIntro}</Text>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack mt="lg">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={messages.trialCompanyName} autoComplete="organization" required {...form.getInputProps('companyName')} />
          <TextInput label={messages.trialWebsite} type="url" autoComplete="url" {...form.getInputProps('website')} />
          <Select label={messages.trialCompanySize} data={SIZES} clearable {...form.getInputProps('companySize')} />
          <Select label={messages.trialCountry} data={COUNTRY_OPTIONS} searchable clearable {...form.getInputProps('country')} />
          <Select label={messages.trialTimeZone} data={TIME_ZONES} searchable allowDeselect={false} {...form.getInputProps('timeZone')} />
          <Checkbox label={messages.trialTerms} {...form.getInputProps('termsAccepted', { type: 'checkbox' })} />
          <Button type="submit" loading={form.submitting}>
            {messages.trialCreateAccount}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
