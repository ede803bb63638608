// A seller block that passes the network file's rules, for networks written by tests.
export const testSeller = {
  legalName: 'Réseau Test SAS',
  address: {
    addressRoute: '1 rue de l’Essai',
    addressPostalCode: '75001',
    addressCity: 'Paris',
    addressState: 'Île-de-France',
    addressCountry: 'FR',
  },
  vatNumber: 'FR27852417963',
  companyRegistrationNumber: 'RCS Paris 852 417 963',
  contactEmail: 'invoices@network.example',
  invoicePrefix: 'TST',
};
