// German, French, Spanish, Portuguese, Italian and Dutch.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, fwd, h, hex, kv, m, min, mono, mso, p, plain, promo, reply, sig, small, table, tok, url } from './mail.js';

const T = (s: string) => tok(`w-${s}`);

const DE: Mail[] = [
  m(
    'de-01-elster-zertifikat.eml',
    'non-otp-code',
    '"ELSTER" <noreply@elster.de>',
    'Ihr Aktivierungscode für Ihr ELSTER-Benutzerkonto',
    plain('elster.de', [
      p('Sehr geehrte Damen und Herren,'),
      p(
        'Sie haben die Registrierung für ein Benutzerkonto mit Zertifikatsdatei begonnen (Steuernummer 21/815/08150, Registrierungsart: Steuernummer). Den zweiten Teil des Aktivierungscodes erhalten Sie per Post an Ihre Meldeadresse.',
      ),
      p('Aktivierungs-ID: 3K9P-44ZQ-R7\nErster Teil des Aktivierungscodes: 7HLW-Q2XN-4FTB'),
      p('Bitte geben Sie beide Teile innerhalb von 90 Tagen auf www.elster.de ein.'),
      p('Ihr ELSTER-Team\nBayerisches Landesamt für Steuern'),
    ]),
    null,
    null,
    { charset: 'iso-8859-15', why: 'only half of the code is in the mail; the other half comes by post, so nothing can be typed from this mail alone' },
  ),
  m(
    'de-02-bank-tan.eml',
    'otp-bank',
    '"Sparkasse Rheinaue" <service@sparkasse-rheinaue.de>',
    'TAN für Ihre Sammelüberweisung',
    bank(
      'sparkasse-rheinaue.de',
      [
        h('Ihre TAN'),
        p('Auftrag: Sammelüberweisung (7 Posten), Summe 3.218,40 EUR, vom Konto DE89 3704 0044 0532 0130 00.'),
        p('Die TAN für diesen Auftrag lautet:'),
        code('839 217'),
        small('Gültig 5 Minuten. Die Sparkasse fragt niemals per Telefon nach einer TAN. BLZ 370 400 44, BIC COBADEFFXXX.'),
      ],
      ['Sparkasse Rheinaue, Anstalt des öffentlichen Rechts, Amtsgericht Bonn HRA 6412'],
      {},
    ),
    '839217',
    null,
    { charset: 'iso-8859-15' },
  ),
  m(
    'de-03-rechnung-hosting.eml',
    'numbers-no-code',
    '"Wolkenwerk Hosting" <buchhaltung@wolkenwerk.de>',
    'Rechnung RE-2026-048817 für Vertrag K-11920',
    mso('wolkenwerk.de', [
      p('Guten Tag Frau Kowalczyk,'),
      p('anbei erhalten Sie Ihre Rechnung RE-2026-048817 über 41,53 € (inkl. 19 % USt.) für den Zeitraum 01.05.2026–31.05.2026.'),
      p('Vertrag K-11920: Managed Server M (2 vCPU, 4 GB), Domain kettleandkiln.de, 3× SSL-Zertifikat.'),
      p('Der Betrag wird per SEPA-Lastschrift (Mandatsreferenz WW-K11920-01, Gläubiger-ID DE98ZZZ09999999999) am 07.06.2026 eingezogen.'),
      p('Wolkenwerk GmbH · Hafenstraße 12 · 20457 Hamburg · HRB 154321 · USt-IdNr. DE312845671'),
    ]),
    null,
    null,
    { charset: 'windows-1252', headerMode: 'Q', cte: 'quoted-printable' },
  ),
  m(
    'de-04-konto-bestaetigen.eml',
    'link-verify',
    '"Paketfix" <konto@paketfix.de>',
    'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    card(
      'paketfix.de',
      [
        h('Fast geschafft!'),
        p('Mit Ihrem Geschäftskundenkonto drucken Sie Versandetiketten direkt aus Ihrem Shop. Kundennummer: 5012 8841 07.'),
        btn('E-Mail-Adresse bestätigen', `https://www.paketfix.de/registrierung/bestaetigen?t=${T('de-pf')}`),
        small('Der Link ist 48 Stunden gültig.'),
      ],
      ['Paketfix GmbH, Charles-de-Gaulle-Str. 20, 53113 Bonn'],
    ),
    null,
    `https://www.paketfix.de/registrierung/bestaetigen?t=${T('de-pf')}`,
  ),
  m(
    'de-05-arzt-termin.eml',
    'non-otp-code',
    '"Praxis Dr. Neumann" <termine@praxis-neumann.de>',
    'Terminbestätigung 14.10.2026, 08:40 Uhr',
    min('praxis-neumann.de', [
      p('Guten Tag Herr Kowalczyk,'),
      p(
        'hiermit bestätigen wir Ihren Termin am Mittwoch, 14.10.2026 um 08:40 Uhr (Grippeschutzimpfung). Buchungsnummer: TK-40192. Bitte bringen Sie Ihre Versichertenkarte und den Impfpass mit.',
      ),
      p('Zur Videosprechstunde vorab: Zugangscode 6614 2028 (nur am Termintag gültig).'),
      p('Praxis Dr. med. L. Neumann, Lindenallee 4, 50968 Köln, Tel. 0221 3389120'),
    ]),
    null,
    null,
    { why: 'booking number and the access code of a video consultation on the day, not a sign-in code' },
  ),
  m(
    'de-06-shop-bewertung.eml',
    'notice',
    '"Bewertungsportal Sternklar" <service@sternklar.de>',
    'Neue 4-Sterne-Bewertung für Kettle & Kiln',
    promo(
      'sternklar.de',
      [
        h('Sie haben eine neue Bewertung'),
        p('„Schöne Tassen, Lieferung dauerte aber 9 Tage.“ – Jana K., Bestellung 100482, 4/5 Sternen'),
        p('Ihr Durchschnitt: 4,78 aus 1.203 Bewertungen.'),
        btn('Jetzt antworten', 'https://business.sternklar.de/reviews/88241907'),
      ],
      ['Sternklar GmbH, Kaiserstr. 39, 60329 Frankfurt am Main'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'de-07-passwort-zuruecksetzen.eml',
    'link-reset',
    '"Appzähler" <support@appzaehler.de>',
    'Passwort zurücksetzen',
    min('appzaehler.de', [
      p('Hallo,'),
      p('jemand hat für das Konto dana@pebblelabs.io ein neues Passwort angefordert. Klicke auf den folgenden Link, um ein neues zu setzen:'),
      url('', `https://app.appzaehler.de/passwort/neu/${T('de-reset')}`),
      p('Wenn du das nicht warst, ignoriere diese Nachricht einfach.'),
    ]),
    null,
    `https://app.appzaehler.de/passwort/neu/${T('de-reset')}`,
  ),
  m(
    'de-08-eid-pin.eml',
    'notice',
    '"Bürgeramt Köln" <buergeramt@stadt-koeln.de>',
    'Ihr Personalausweis liegt zur Abholung bereit',
    plain('stadt-koeln.de', [
      p('Sehr geehrte Frau Kowalczyk,'),
      p(
        'Ihr neuer Personalausweis (Antrag vom 02.09.2026, Vorgangsnummer 2026-0915-4471) liegt im Kundenzentrum Kalk, Kalker Hauptstraße 247–273, zur Abholung bereit. Den PIN-Brief mit der Transport-PIN haben Sie bereits per Post erhalten.',
      ),
      p('Öffnungszeiten: Mo–Fr 7:30–12:00. Bitte bringen Sie den alten Ausweis mit.'),
    ]),
    null,
    null,
    { charset: 'windows-1252' },
  ),
];

const FR: Mail[] = [
  m(
    'fr-01-code-connexion.eml',
    'otp-service',
    '"Colisimo Pro" <ne-pas-repondre@pro.colisimo-express.fr>',
    'Votre code de connexion',
    card(
      'pro.colisimo-express.fr',
      [
        h('Connexion à votre espace Pro'),
        p('Bonjour Dana, voici le code à saisir pour accéder à votre espace expéditeur (compte 874215) :'),
        code('52 81 60'),
        small('Ce code est valable 15 minutes. N° client : 874215 — contrat Pro-Eco 2026.'),
      ],
      ['La Poste Colis Express, SA au capital de 1 000 000 €, RCS Paris 356 000 000'],
    ),
    '528160',
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'fr-02-facture-edf.eml',
    'numbers-no-code',
    '"Energis" <facture@energis.fr>',
    'Votre facture du 12/03/2026 est disponible',
    bank(
      'energis.fr',
      [
        h('Votre facture d’électricité'),
        kv([
          ['Référence client', '4 012 776 231'],
          ['N° de facture', '10127745892'],
          ['Montant TTC', '87,34 €'],
          ['Prélèvement le', '27/03/2026'],
          ['PDL', '24 1815 2277 0041'],
        ]),
        p('Consommation relevée : 612 kWh du 10/01 au 10/03.'),
      ],
      ['Energis SA, 22-30 avenue de Wagram, 75008 Paris, RCS Paris 552 081 317'],
    ),
    null,
    null,
    { charset: 'windows-1252', headerMode: 'Q' },
  ),
  m(
    'fr-03-invitation-doc.eml',
    'link-invite',
    '"Dossiers Partagés" <partage@dossiers-partages.fr>',
    'Claire vous invite à collaborer sur « Catalogue Noël 2026 »',
    card(
      'dossiers-partages.fr',
      [
        p(
          'Claire Martin (claire@ateliers-martin.fr) vous invite à modifier le classeur « Catalogue Noël 2026 » (142 références, SKU FR-TAS-0001 à FR-TAS-0142).',
        ),
        btn('Accepter l’invitation', `https://app.dossiers-partages.fr/invitations/${hex('fr-inv')}`),
      ],
      ['Dossiers Partagés SAS, 5 rue du Mail, 44000 Nantes'],
    ),
    null,
    `https://app.dossiers-partages.fr/invitations/${hex('fr-inv')}`,
  ),
  m(
    'fr-04-ameli.eml',
    'notice',
    '"Assurance Maladie" <ne-pas-repondre@assurance-maladie.fr>',
    'Un nouveau document est disponible dans votre compte',
    min('assurance-maladie.fr', [
      p('Madame,'),
      p(
        'Un relevé de remboursement du 04/02/2026 (n° de sécurité sociale 2 84 05 75 112 048 36) est disponible dans votre compte. Montant remboursé : 18,20 €.',
      ),
      p(
        'Pour le consulter, connectez-vous à votre compte depuis l’application ou le site habituel. Nous ne vous demanderons jamais vos coordonnées bancaires par courriel.',
      ),
    ]),
    null,
    null,
  ),
  m(
    'fr-05-code-sujet.eml',
    'otp-subject',
    '"Sendora" <noreply@sendora.fr>',
    'Sendora : 740922 est votre code',
    min('sendora.fr', [
      p('Bonjour,'),
      p('Vous avez demandé à ajouter un numéro d’expéditeur SMS (+33 6 ** ** 41 08) à votre compte Sendora. Saisissez le code indiqué en objet.'),
      p('Crédits restants : 4 180 SMS.'),
    ]),
    '740922',
    null,
  ),
  m(
    'fr-06-remboursement.eml',
    'numbers-no-code',
    '"Marché Malin" <vendeurs@marchemalin.fr>',
    'Remboursement effectué – commande 402-7781932-0041',
    card(
      'marchemalin.fr',
      [
        h('Remboursement effectué'),
        p(
          'Nous avons remboursé 24,90 € au client pour la commande 402-7781932-0041 (motif : article endommagé). Le montant sera déduit de votre prochain virement du 15/09.',
        ),
        kv([
          ['ASIN', 'B0CX7T2LQ9'],
          ['SKU vendeur', 'KK-MUG-BLU-12'],
          ['Frais retenus', '3,74 €'],
        ]),
      ],
      ['Marché Malin Services SARL, 38 avenue J.F. Kennedy, L-1855 Luxembourg'],
    ),
    null,
    null,
  ),
  m(
    'fr-07-reinit-mdp.eml',
    'link-reset',
    '"Factura" <support@factura.fr>',
    'Réinitialisation de votre mot de passe',
    mso('factura.fr', [
      p('Bonjour,'),
      p('Pour choisir un nouveau mot de passe pour votre espace de facturation (SIRET 812 345 678 00027), cliquez ici :'),
      btn('Réinitialiser mon mot de passe', `https://app.factura.fr/motdepasse/reinit?jeton=${T('fr-mdp')}`),
      p('Ce lien expire dans 1 heure.'),
    ]),
    null,
    `https://app.factura.fr/motdepasse/reinit?jeton=${T('fr-mdp')}`,
    { charset: 'windows-1252' },
  ),
  m(
    'fr-08-reponse-ecole.eml',
    'notice',
    '"Mme Lefèvre" <ce2b.lefevre@ac-nantes.fr>',
    'RE: Absence de Léo lundi',
    plain('ac-nantes.fr', [
      p('Bonjour Madame,\nBien noté, merci. Pensez à rapporter le coupon de la sortie (5 €) avant le 20/11.\nCordialement,\nA. Lefèvre'),
      reply('Le dim. 16 nov. 2026 à 20:41, Dana K. <dana@kettleandkiln.shop> a écrit :', [
        'Bonjour, Léo (CE2 B) sera absent lundi 17/11 pour un rendez-vous chez l’orthodontiste à 10h30.',
        'Bonne soirée',
      ]),
    ]),
    null,
    null,
    { charset: 'windows-1252' },
  ),
];

const ES: Mail[] = [
  m(
    'es-01-codigo-pasarela.eml',
    'otp-masked',
    '"Pagalia" <seguridad@pagalia.es>',
    'Confirma el cambio de cuenta de liquidación',
    bank(
      'pagalia.es',
      [
        h('Cambio de cuenta bancaria'),
        p(
          'Has solicitado cambiar la cuenta donde recibes tus liquidaciones a ES** **** **** **** **** 4417. Para confirmarlo, introduce esta clave en el panel:',
        ),
        code('661 094'),
        small('Comercio FUC 348921077 - Terminal 001. Pagalia Entidad de Pago S.L., registro Banco de España nº 6912.'),
      ],
      ['Pagalia, Paseo de la Castellana 95, 28046 Madrid'],
    ),
    '661094',
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'es-02-factura-luz.eml',
    'numbers-no-code',
    '"Luzbrava" <facturas@luzbrava.es>',
    'Tu factura de noviembre: 63,18 €',
    card(
      'luzbrava.es',
      [
        h('Ya tienes tu factura'),
        kv([
          ['Nº factura', 'LB26-1108833'],
          ['CUPS', 'ES0021000012345678KL0F'],
          ['Periodo', '05/10/2026 - 04/11/2026'],
          ['Importe', '63,18 €'],
          ['Cargo en', 'ES76 **** **** **** **** 0912'],
        ]),
      ],
      ['Luzbrava Energía S.L., CIF B87654321, C/ Serrano 41, 28001 Madrid'],
    ),
    null,
    null,
  ),
  m(
    'es-03-verificar-correo.eml',
    'link-verify',
    '"Tiendanube Pro" <hola@tiendapro.es>',
    'Verifica tu correo y abre tu tienda',
    promo(
      'tiendapro.es',
      [
        h('¡Bienvenida, Dana!'),
        p('Solo falta confirmar que este correo es tuyo. Tu tienda kettleandkiln.tiendapro.es quedará publicada en cuanto lo hagas.'),
        btn('Verificar mi correo', `https://www.tiendapro.es/cuenta/verificar/${T('es-ver')}`),
        p('Durante 14 días usa el cupón PRIMERMES para 0 € de cuota.'),
      ],
      ['Tiendapro S.L., Av. Diagonal 640, 08017 Barcelona'],
      { tracked: true },
    ),
    null,
    `https://www.tiendapro.es/cuenta/verificar/${T('es-ver')}`,
  ),
  m(
    'es-04-cita-dgt.eml',
    'non-otp-code',
    '"Sede DGT" <citaprevia@dgt.es>',
    'Cita previa confirmada - Jefatura Provincial Málaga',
    plain('dgt.es', [
      p('Su cita ha sido confirmada.'),
      p(
        'Trámite: Canje de permiso de conducción\nFecha: 21/01/2027 10:24\nLugar: Jefatura Provincial de Tráfico, C/ Arturo Reyes 1, 29010 Málaga\nLocalizador: 7QX3-R91A\nNIE: Y1234567X',
      ),
      p('Conserve el localizador para anular o modificar la cita.'),
    ]),
    null,
    null,
    { charset: 'iso-8859-1', why: 'an appointment locator, not a code to type into a sign-in' },
  ),
  m(
    'es-05-codigo-palabras.eml',
    'otp-service',
    '"Clínica Dental Sonríe" <citas@clinicasonrie.es>',
    'Tu código para el portal del paciente',
    min('clinicasonrie.es', [
      p('Hola, Sam:'),
      p('Para entrar en el portal del paciente (historia nº 20931), escribe el código 4 8 2 0 5 7 (cuatro, ocho, dos, cero, cinco, siete).'),
      p('Próxima revisión: 03/02/2027 a las 17:15 con la Dra. Ruiz. Tel. 952 110 447.'),
    ]),
    '482057',
    null,
  ),
  m(
    'es-06-envio-etiqueta.eml',
    'numbers-no-code',
    '"Enviamos" <etiquetas@enviamos.es>',
    'Etiqueta generada: envío 0082 1190 4471 2206',
    mso('enviamos.es', [
      p('Hola,'),
      p(
        'Se ha generado la etiqueta para el envío 0082 1190 4471 2206 (2 bultos, 3,4 kg, 40x30x20 cm). Recogida: 12/12/2026 entre 9:00 y 14:00 en C/ Larios 8, 29005 Málaga.',
      ),
      p('Referencia interna: KK-ES-9921. Importe: 6,95 € + IVA.'),
    ]),
    null,
    null,
  ),
  m(
    'es-07-magic.eml',
    'link-magic',
    '"Notabloc" <acceso@notabloc.app>',
    'Tu enlace para entrar',
    card(
      'notabloc.app',
      [
        h('Entra en Notabloc'),
        p('Pulsa el botón para iniciar sesión. Solo funciona una vez y caduca en 20 minutos.'),
        btn('Iniciar sesión', `https://notabloc.app/e/${T('es-magic')}`),
      ],
      ['Notabloc, C/ de Alcalá 21, 28014 Madrid'],
    ),
    null,
    `https://notabloc.app/e/${T('es-magic')}`,
  ),
  m(
    'es-08-newsletter.eml',
    'notice',
    '"Crónica Indie Dev" <boletin@cronicaindie.es>',
    'Nº 112: precios regionales, SKAdNetwork 4.0 y ASO',
    promo(
      'cronicaindie.es',
      [
        h('Esta semana'),
        p(
          '1. Cómo subimos el ARPU un 18 % con precios por país (tabla de 174 territorios).\n2. SKAdNetwork 4.0: conversion values 0-63 explicados.\n3. ASO: de 2.300 a 9.100 descargas al mes.',
        ),
        btn('Leer el número 112', 'https://cronicaindie.es/n/112'),
      ],
      [],
      { tracked: true },
    ),
    null,
    null,
  ),
];

const PT: Mail[] = [
  m(
    'pt-01-gov-chave.eml',
    'otp-service',
    '"Autenticação.gov" <naoresponder@autenticacao.gov.pt>',
    'Código de segurança Chave Móvel Digital',
    plain('autenticacao.gov.pt', [
      p('Autenticação.gov'),
      p('O seu código de segurança temporário para a Chave Móvel Digital é: 518 204'),
      p('Válido por 5 minutos. NIF associado: ***.***.231. Nunca partilhe este código.'),
    ]),
    '518204',
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'pt-02-boleto.eml',
    'numbers-no-code',
    '"Nuvem Loja" <cobranca@nuvemloja.com.br>',
    'Seu boleto da mensalidade vence em 10/08',
    card(
      'nuvemloja.com.br',
      [
        h('Boleto disponível'),
        p('Plano Avançado - R$ 189,00 - vencimento 10/08/2026.'),
        mono('Linha digitável:\n23793.38128 60082.731842 57000.063308 9 97830000018900'),
        p('Se preferir Pix, use a chave aleatória 4f9a2c1e-7b3d-4e8f-a6d2-91c0b5e7f3a4.'),
      ],
      ['Nuvem Loja Tecnologia Ltda., CNPJ 12.345.678/0001-90, São Paulo - SP'],
    ),
    null,
    null,
  ),
  m(
    'pt-03-ativar-conta.eml',
    'link-verify',
    '"Enviafacil" <ola@enviafacil.pt>',
    'Ative a sua conta Enviafacil',
    min('enviafacil.pt', [
      p('Olá,'),
      p('Obrigado pelo registo. Para ativar a conta e começar a imprimir etiquetas CTT, clique em:'),
      a('', 'Ativar conta', `https://enviafacil.pt/ativar?k=${T('pt-at')}`),
      p('NIF da empresa: 516 842 097.'),
    ]),
    null,
    `https://enviafacil.pt/ativar?k=${T('pt-at')}`,
  ),
  m(
    'pt-04-multibanco.eml',
    'numbers-no-code',
    '"Águas do Porto" <faturas@aguasdoporto.pt>',
    'Fatura de água FT 2026/118847',
    bank(
      'aguasdoporto.pt',
      [
        h('Pagamento por Multibanco'),
        kv([
          ['Entidade', '21 312'],
          ['Referência', '118 847 206'],
          ['Valor', '23,41 €'],
          ['Data limite', '28/07/2026'],
          ['CIL', '004 117 892'],
        ]),
      ],
      ['Águas do Porto, EM, NIPC 507 718 666'],
    ),
    null,
    null,
  ),
  m(
    'pt-05-aprovar-login.eml',
    'link-approve',
    '"Painel Lojista" <seguranca@painel-lojista.com.br>',
    'Novo acesso ao seu painel: foi você?',
    card(
      'painel-lojista.com.br',
      [
        h('Confirme o novo acesso'),
        p('Detetámos um acesso a partir de Firefox 133 / Windows 11, IP 189.45.12.77 (Campinas, BR).'),
        btn('Sim, fui eu', `https://painel-lojista.com.br/acesso/confirmar/${T('pt-ap')}`),
        a('Não reconhece? ', 'Bloquear acesso', `https://painel-lojista.com.br/acesso/bloquear/${T('pt-ap')}`),
      ],
      ['Painel Lojista Ltda., CNPJ 98.765.432/0001-10'],
    ),
    null,
    `https://painel-lojista.com.br/acesso/confirmar/${T('pt-ap')}`,
  ),
  m(
    'pt-06-codigo-subj-loja.eml',
    'otp-alnum',
    '"Vitrine Mercado" <noreply@vitrinemercado.com.br>',
    'Código de verificação para alterar seu e-mail',
    card(
      'vitrinemercado.com.br',
      [
        p('Para alterar o e-mail da sua conta de vendedor (ID 884120-3) use o código:'),
        cells('X7PM2Q'),
        small('Pedido 2000004188273 e rastreio BR123456789BR não têm relação com este código.'),
      ],
      ['Vitrine Mercado Ltda.'],
    ),
    'X7PM2Q',
    null,
  ),
  m(
    'pt-07-resposta-contab.eml',
    'notice',
    '"Rui Contabilista" <rui@rvcontas.pt>',
    'Re: IVA 3º trimestre',
    plain('rvcontas.pt', [
      p(
        'Boa tarde Dana,\nJá submeti a declaração periódica do IVA (comprovativo 2026-03T-8841172). A pagar: 1.204,55 € até 25/11, referência 1561 2288 4470 915.\nAbraço, Rui',
      ),
      reply('Em 10/11/2026 09:12, Dana <dana@kettleandkiln.shop> escreveu:', ['Olá Rui, mandei as faturas de julho a setembro (87 documentos). Falta algo?']),
    ]),
    null,
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'pt-08-pensao.eml',
    'notice',
    '"Segurança Social Direta" <nao-responder@seg-social.pt>',
    'Aviso: pagamento de pensão',
    min('seg-social.pt', [
      p('Informamos que a pensão de velhice referente a dezembro (NISS 12345678901) será paga a 19/12/2026 no valor de 842,10 €, incluindo subsídio de Natal.'),
    ]),
    null,
    null,
  ),
];

const IT: Mail[] = [
  m(
    'it-01-spid-otp.eml',
    'otp-masked',
    '"IdentitàPlus SPID" <noreply@identitaplus.it>',
    'Codice OTP per accesso SPID livello 2',
    card(
      'identitaplus.it',
      [
        p('Stai accedendo a INPS con la tua identità SPID. Codice inviato anche al numero +39 3** *** **71:'),
        code('204 857'),
        small('Codice fiscale: KWLDNA84E45Z127F'),
      ],
      ['IdentitàPlus S.p.A., P.IVA 01234567890'],
    ),
    '204857',
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'it-02-fattura-sdi.eml',
    'numbers-no-code',
    '"FatturaSemplice" <notifiche@fatturasemplice.it>',
    'Fattura 2026/0412 consegnata al SdI',
    mso('fatturasemplice.it', [
      p('La fattura elettronica n. 2026/0412 del 14/05/2026 (imponibile 820,00 €, IVA 22% 180,40 €) è stata consegnata.'),
      p('Identificativo SdI: 11234567890\nCodice destinatario: M5UXCR1\nFile: IT01234567890_0A7Q2.xml'),
    ]),
    null,
    null,
    { charset: 'windows-1252', headerMode: 'Q', cte: 'quoted-printable' },
  ),
  m(
    'it-03-invito-team.eml',
    'link-invite',
    '"Negozio Veloce" <team@negozioveloce.it>',
    'Ti hanno invitato nello staff di Kettle & Kiln',
    card(
      'negozioveloce.it',
      [
        p('Dana ti ha aggiunto come collaboratore con permessi Ordini e Spedizioni.'),
        btn('Accetta l’invito', `https://admin.negozioveloce.it/staff/accetta?i=${T('it-inv')}`),
      ],
      ['Negozio Veloce S.r.l., Via Tortona 27, 20144 Milano'],
    ),
    null,
    `https://admin.negozioveloce.it/staff/accetta?i=${T('it-inv')}`,
  ),
  m(
    'it-04-buono.eml',
    'non-otp-code',
    '"Ceramiche Faentine" <news@ceramichefaentine.it>',
    'Un buono da 15 € per te',
    promo(
      'ceramichefaentine.it',
      [
        h('Grazie per essere cliente'),
        p('Usa il buono CF-15-DANA-7Q sul tuo prossimo ordine sopra i 60 €. Valido fino al 31/01/2027.'),
        btn('Vai al negozio', 'https://www.ceramichefaentine.it/shop'),
      ],
      ['Ceramiche Faentine S.n.c., Corso Mazzini 92, 48018 Faenza (RA)'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'it-05-pagopa.eml',
    'numbers-no-code',
    '"Comune di Bologna" <tributi@comune.bologna.it>',
    'Avviso di pagamento TARI 2026 - rata 2',
    bank(
      'comune.bologna.it',
      [
        kv([
          ['Codice avviso', '3012 0000 4418 2291 06'],
          ['Ente creditore', '01232710374'],
          ['Importo', '118,00 €'],
          ['Scadenza', '02/12/2026'],
        ]),
        p('Può pagare presso qualsiasi prestatore aderente a pagoPA.'),
      ],
      ['Comune di Bologna, Piazza Maggiore 6, 40124 Bologna'],
    ),
    null,
    null,
  ),
  m(
    'it-06-reset.eml',
    'link-reset',
    '"Spedisci.io" <noreply@spedisci.io>',
    'Reimposta la password',
    min('spedisci.io', [
      p('Ciao, abbiamo ricevuto una richiesta di reimpostazione della password.'),
      url('Apri questo indirizzo nel browser:', `https://www.spedisci.io/password/reimposta/${T('it-rs')}`, 'Valido 60 minuti.'),
    ]),
    null,
    `https://www.spedisci.io/password/reimposta/${T('it-rs')}`,
  ),
  m(
    'it-07-codice-subject.eml',
    'otp-subject',
    '"Banca Adriatica" <avvisi@bancaadriatica.it>',
    'Codice 55081937 - autorizza bonifico',
    plain('bancaadriatica.it', [
      p(
        'Gentile cliente, per autorizzare il bonifico di 1.450,00 EUR a TIPOGRAFIA RAVENNA SRL inserisca il codice indicato nell’oggetto. IBAN beneficiario IT60 X054 2811 1010 0000 0123 456.',
      ),
    ]),
    '55081937',
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'it-08-risposta-auto.eml',
    'notice',
    '"Ufficio Vendite Forniture Nord" <vendite@fornord.it>',
    'Risposta automatica: ordine 7721',
    plain('fornord.it', [
      p('Grazie per la sua email. L’ufficio è chiuso dal 10 al 25 agosto. Gli ordini ricevuti saranno evasi dal 26/08. Per urgenze: 051 644 2210.'),
    ]),
    null,
    null,
  ),
];

const NL: Mail[] = [
  m(
    'nl-01-digid.eml',
    'notice',
    '"DigiD" <noreply@digid.nl>',
    'Uw sms-controle is aangepast',
    plain('digid.nl', [
      p('Geachte heer/mevrouw,'),
      p(
        'U heeft de sms-controle van uw DigiD gewijzigd naar het telefoonnummer eindigend op 48. Als u dit niet zelf heeft gedaan, neem dan contact op met de DigiD helpdesk via 088 123 6555.',
      ),
      p('Met vriendelijke groet, DigiD'),
    ]),
    null,
    null,
    { why: 'a notice of a change; no code and nothing to click' },
  ),
  m(
    'nl-02-verificatie-kvk.eml',
    'otp-distractors',
    '"Betaalbaar" <support@betaalbaar.nl>',
    'Bevestig je telefoonnummer',
    card(
      'betaalbaar.nl',
      [
        p('Welkom bij Betaalbaar! KvK 81234567 · BTW NL862104582B01 · Rekening NL91 ABNA 0417 1643 00'),
        p('Vul deze verificatiecode in:'),
        code('3307'),
        small('Je eerste uitbetaling volgt op 5 werkdagen na 1 juli 2026.'),
      ],
      ['Betaalbaar B.V., Singel 542, 1017 AZ Amsterdam'],
    ),
    '3307',
    null,
  ),
  m(
    'nl-03-tracking.eml',
    'numbers-no-code',
    '"PakketPunt" <info@pakketpunt.nl>',
    'Je pakket 3SKKK0041882 ligt klaar',
    promo(
      'pakketpunt.nl',
      [
        p('Je pakket 3SKKK0041882 ligt klaar bij Primera Oudegracht, 3511 AK Utrecht. Ophaalcode: 881 204. Neem een ID mee.'),
        btn('Volg je pakket', 'https://www.pakketpunt.nl/track/3SKKK0041882/3511AK'),
      ],
      [],
      { tracked: true },
    ),
    null,
    null,
    { why: 'a pick-up code for a shop counter' },
  ),
  m(
    'nl-04-activeren.eml',
    'link-verify',
    '"Stroomlijn" <hallo@stroomlijn.nl>',
    'Activeer je Stroomlijn-account',
    card(
      'stroomlijn.nl',
      [
        p('Klik op de knop om je account te activeren. Daarna koppel je je meter (EAN 871687120051234567).'),
        btn('Account activeren', `https://mijn.stroomlijn.nl/activeren/${T('nl-act')}`),
      ],
      ['Stroomlijn Energie B.V., Postbus 1210, 3500 BE Utrecht'],
    ),
    null,
    `https://mijn.stroomlijn.nl/activeren/${T('nl-act')}`,
  ),
  m(
    'nl-05-both.eml',
    'both',
    '"Boekhoudbaas" <noreply@boekhoudbaas.nl>',
    'Je inlogcode voor Boekhoudbaas',
    mso('boekhoudbaas.nl', [
      p('Hoi Dana,'),
      p('Je inlogcode is 77 31 52. Of klik op de link om direct in te loggen:'),
      btn('Direct inloggen', `https://app.boekhoudbaas.nl/login/code/${T('nl-b')}`),
      p('Factuur 2026-0118 (€ 24,20) staat klaar in je administratie.'),
    ]),
    '773152',
    `https://app.boekhoudbaas.nl/login/code/${T('nl-b')}`,
  ),
  m(
    'nl-06-school.eml',
    'notice',
    '"OBS De Regenboog" <administratie@obsregenboog.nl>',
    'Ouderbijdrage 2026-2027',
    min('obsregenboog.nl', [
      p('Beste ouders,'),
      p(
        'De vrijwillige ouderbijdrage is dit jaar € 45 per kind. U kunt betalen op NL20 INGB 0001 2345 67 o.v.v. naam en groep (bijv. "Léo groep 5"). Vragen? 030 241 7788.',
      ),
    ]),
    null,
    null,
  ),
  m(
    'nl-07-forward-recovery.eml',
    'notice',
    '"Sam" <sam.kowalczyk@gmail.com>',
    'Fwd: Herstelcodes',
    plain('gmail.com', [
      p('Bewaar dit even ergens veilig voor me, ma.'),
      fwd(
        '---------- Doorgestuurd bericht ---------',
        ['Van: Wolkwaart <security@wolkwaart.nl>', 'Onderwerp: Herstelcodes'],
        ['Je herstelcodes voor tweestapsverificatie. Elke code werkt één keer:', '4f7q-22kd  9xm1-0pzt  b8rr-6a3e  k2v9-7nwm  t0yc-58qh'],
      ),
    ]),
    null,
    null,
    { why: 'backup codes kept for later; none is asked for now' },
  ),
  m(
    'nl-08-belasting.eml',
    'notice',
    '"Belastingdienst" <noreply@belastingdienst.nl>',
    'Er staat een nieuw bericht voor u klaar',
    min('belastingdienst.nl', [
      p('Geachte mevrouw Kowalczyk,'),
      p('In uw Berichtenbox staat een nieuw bericht over uw btw-aangifte 3e kwartaal 2026. Log in via MijnOverheid om het te lezen.'),
    ]),
    null,
    null,
  ),
];

export const WEST: Mail[] = [...DE, ...FR, ...ES, ...PT, ...IT, ...NL];
