"""What the audiences' pages share (vpt/floor, vpt/dealer, vpt/public, vpt/api never import
each other): the live pages' keys and caches (`live`), a PDF answer and the QR targets printed
on slips and sign-in cards (`documents`).

It sits above every domain app and below the audience apps; the addresses it builds are the
public site's and the dealer's, by URL name."""
