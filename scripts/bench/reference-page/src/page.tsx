// The reference page the public pages are measured against (bench:lighthouse): what a plain React
// and MUI page of a comparable size costs a phone, server-rendered and hydrated whole. An app bar
// with a language Select and a cart button, a heading, chips, a grid of eight product cards with
// buttons, and a footer.
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

const theme = createTheme({ palette: { primary: { main: '#1f4e9c' } } });

const LANGUAGES = [
  { code: 'fr', name: 'Français' },
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'العربية' },
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
];

const PRODUCTS = [
  { name: 'Single ticket', price: '2.10', kind: 'Ticket' },
  { name: 'Ten tickets', price: '17.50', kind: 'Ticket' },
  { name: 'Day pass', price: '6.00', kind: 'Pass' },
  { name: 'Weekend pass', price: '9.00', kind: 'Pass' },
  { name: 'Week pass', price: '19.80', kind: 'Pass' },
  { name: 'Month pass', price: '64.00', kind: 'Subscription' },
  { name: 'Young rider month', price: '32.00', kind: 'Subscription' },
  { name: 'Airport shuttle', price: '8.50', kind: 'Ticket' },
];

const CATEGORIES = ['All', 'Ticket', 'Pass', 'Subscription'];

function CartIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
      <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.5a2 2 0 0 0 1.8-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6L5.2 16A2 2 0 0 0 7 19h12v-2H7.4z" />
    </svg>
  );
}

export function Page() {
  const [language, setLanguage] = useState('en');
  const [category, setCategory] = useState('All');
  const [inCart, setInCart] = useState(0);
  const shown = PRODUCTS.filter((product) => category === 'All' || product.kind === category);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2 }}>
          <Typography component="p" variant="h6" sx={{ flexGrow: 1 }}>
            Harbour Transit
          </Typography>
          <Select
            size="small"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            inputProps={{ 'aria-label': 'Language' }}
            sx={{ color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' }}
          >
            {LANGUAGES.map((option) => (
              <MenuItem key={option.code} value={option.code} lang={option.code}>
                {option.name}
              </MenuItem>
            ))}
          </Select>
          <IconButton color="inherit" aria-label={`Cart, items: ${inCart}`}>
            <Badge badgeContent={inCart} color="secondary">
              <CartIcon />
            </Badge>
          </IconButton>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Tickets and passes
        </Typography>
        <Box role="group" aria-label="Categories" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
          {CATEGORIES.map((name) => (
            <Chip
              key={name}
              label={name}
              color={category === name ? 'primary' : 'default'}
              onClick={() => setCategory(name)}
              aria-pressed={category === name}
            />
          ))}
        </Box>
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((product) => (
            <Grid key={product.name} size={{ xs: 12, sm: 6, md: 3 }} component="li">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h6" component="h2">
                    {product.name}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{product.kind}</Typography>
                  <Typography variant="h5" component="p" sx={{ mt: 1 }}>
                    {product.price} €
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button variant="contained" onClick={() => setInCart((count) => count + 1)}>
                    Add to cart
                  </Button>
                  <Button>Details</Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Link href="#legal">Legal notices</Link>
          <Link href="#privacy">Privacy policy</Link>
          <Link href="#terms">Terms of use</Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', width: '100%' }}>
            © Harbour Transit
          </Typography>
        </Container>
      </Box>
    </ThemeProvider>
  );
}
