// A tunnel step's choices as a list of buttons, each naming what it chooses and, below, what to
// know about it; the one chosen before is marked. Keyboard: Tab to a choice, Enter or Space.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';

export type Choice = {
  readonly key: string | number;
  readonly primary: ReactNode;
  readonly secondary?: ReactNode;
  readonly selected?: boolean;
  readonly onChoose: () => void;
};

export function ChoiceList({ label, choices }: { label: string; choices: readonly Choice[] }) {
  return (
    <List aria-label={label} sx={{ display: 'grid', gap: 1 }}>
      {choices.map((choice) => (
        <ListItem key={choice.key} disablePadding>
          <ListItemButton
            selected={choice.selected ?? false}
            onClick={choice.onChoose}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <ListItemText primary={choice.primary} secondary={choice.secondary} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
