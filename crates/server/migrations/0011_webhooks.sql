-- Webhooks (issue 21): the URL a seat's player gave, POSTed to when it is
-- their turn (only when the server allows webhooks). Never shown to others.
ALTER TABLE seats ADD COLUMN webhook TEXT;
