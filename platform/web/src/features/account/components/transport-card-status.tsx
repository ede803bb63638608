// A transport card's status as the ticketing system says it: a chip whose icon and words say it as
// well as its colour.
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusy from '@mui/icons-material/EventBusy';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { CardStatus } from '@transit-shop/sdk/contract/media';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const LOOKS: Record<CardStatus, { color: ChipProps['color']; icon: ReactElement }> = {
  ACTIVE: { color: 'success', icon: <CheckCircleOutlined /> },
  ORDERED: { color: 'info', icon: <LocalShippingOutlined /> },
  EXPIRED: { color: 'default', icon: <EventBusy /> },
  INCIDENT: { color: 'warning', icon: <ReportProblemOutlined /> },
  BLOCKED: { color: 'error', icon: <Block /> },
};

export function TransportCardStatus({ status }: { status: CardStatus }) {
  const { t } = useTranslation();
  const look = LOOKS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={t(`account.transportCards.status.${status}`)}
    />
  );
}
