// The open language menu: one item per language of the network, each written in itself.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Locale } from '@transit-shop/sdk/locales';
import { LANGUAGE_NAMES } from './language-names.ts';

export default function LanguageList(props: {
  id: string;
  anchor: HTMLElement;
  languages: readonly Locale[];
  current: Locale;
  onChoose: (locale: Locale) => void;
  onClose: () => void;
}) {
  return (
    <Menu id={props.id} anchorEl={props.anchor} open onClose={props.onClose}>
      {props.languages.map((locale) => (
        <MenuItem
          key={locale}
          lang={locale}
          selected={locale === props.current}
          onClick={() => props.onChoose(locale)}
        >
          {LANGUAGE_NAMES[locale]}
        </MenuItem>
      ))}
    </Menu>
  );
}
