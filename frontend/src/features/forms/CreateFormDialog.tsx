import { Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { FormType } from './api';
import { formMessages as text, formTypes } from './messages';

/** Create form's first step: which kind, then the builder of a new form of it (/builderForms/<type>). */
export function CreateFormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title={text.chooseType} centered>
      <Stack gap="sm">
        {(Object.keys(formTypes) as FormType[]).map((type) => (
          <UnstyledButton
            key={type}
            onClick={() => navigate(paths.formBuilder.href(type))}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
            data-testid={`create-${type}`}
          >
            <Text fw={600}>{formTypes[type].label}</Text>
            <Text size="sm" c="gray.7">
              {formTypes[type].hint}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
