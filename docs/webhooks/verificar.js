#!/usr/bin/env node
// Verifies the signatures of a webhook delivery of the Store Integration API, in both schemes it sends.
// Node.js 18 or later, built-in modules only.
//
//     node verificar.js                  checks the known-answer vector in vetor.json; exit 0 when right
//     node verificar.js 8000 whsec_...   a receiver on port 8000 that verifies every delivery it gets
//
// Verify the raw bytes of the body as they arrived, before any JSON parsing: re-serialising changes them.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const http = require('http');
const path = require('path');

const PREFIXO = 'whsec_';
const TOLERANCIA_S = 5 * 60; // Standard Webhooks: refuse a webhook-timestamp more than 5 minutes from now

function iguais(a, b) {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

// X-Service-Signature: "sha256=" + lower-case hex HMAC-SHA-256 of the body (corpo: the raw body, a Buffer).
// The key is the WHOLE secret, "whsec_" included, as UTF-8 bytes.
function verificarServico(secret, corpo, xServiceSignature) {
  const esperada = 'sha256=' + crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(corpo).digest('hex');
  return iguais(esperada, xServiceSignature || '');
}

// Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature): webhook-signature is a space-separated
// list of "v1,<base64 HMAC-SHA-256>" over "{webhook-id}.{webhook-timestamp}.{body}".
// The key is the base64 DECODING of the text after "whsec_" (48 hex characters, which are valid base64).
function verificarPadrao(secret, webhookId, webhookTimestamp, corpo, webhookSignature, agora = Date.now() / 1000) {
  if (!webhookId || !/^[0-9]+$/.test(webhookTimestamp || '')) return false;
  if (Math.abs(agora - Number(webhookTimestamp)) > TOLERANCIA_S) return false;
  const chave = Buffer.from(secret.startsWith(PREFIXO) ? secret.slice(PREFIXO.length) : secret, 'base64');
  const esperada = crypto.createHmac('sha256', chave)
    .update(Buffer.concat([Buffer.from(`${webhookId}.${webhookTimestamp}.`, 'utf8'), corpo]))
    .digest('base64');
  return (webhookSignature || '').split(' ').some((assinatura) => {
    const virgula = assinatura.indexOf(',');
    return virgula > 0 && assinatura.slice(0, virgula) === 'v1' && iguais(esperada, assinatura.slice(virgula + 1));
  });
}

// What is wrong with the known-answer vector (nothing: an empty list).
function conferirVetor(caminho) {
  const v = JSON.parse(fs.readFileSync(caminho, 'utf8'));
  const { secret, webhookId: wid } = v;
  const ts = String(v.webhookTimestamp);
  const agora = Number(ts);
  const corpo = Buffer.from(v.corpo, 'utf8');
  const falhas = [];
  const exigir = (condicao, descricao) => { if (!condicao) falhas.push(descricao); };

  exigir(verificarServico(secret, corpo, v.xServiceSignature), 'X-Service-Signature do vetor recusada');
  exigir(verificarPadrao(secret, wid, ts, corpo, v.webhookSignature, agora), 'webhook-signature do vetor recusada');
  exigir(verificarPadrao(secret, wid, ts, corpo, 'v1,outra ' + v.webhookSignature, agora),
    'webhook-signature numa lista de várias recusada');
  exigir(verificarPadrao(secret, wid, ts, corpo, v.webhookSignature, agora + TOLERANCIA_S),
    'timestamp no limite da tolerância recusado');
  // what must be refused
  const adulterado = Buffer.from(v.corpo.replace('"numero":42', '"numero":43'), 'utf8');
  exigir(!adulterado.equals(corpo), 'o vetor não tem o campo que o teste adultera');
  exigir(!verificarServico(secret, adulterado, v.xServiceSignature), 'corpo adulterado aceito (servico)');
  exigir(!verificarPadrao(secret, wid, ts, adulterado, v.webhookSignature, agora), 'corpo adulterado aceito (padrao)');
  exigir(!verificarPadrao(secret, wid, ts, corpo, v.webhookSignature, agora + TOLERANCIA_S + 1),
    'timestamp velho aceito');
  exigir(!verificarPadrao(secret, wid, ts, corpo, v.webhookSignature, agora - TOLERANCIA_S - 1),
    'timestamp do futuro aceito');
  exigir(!verificarPadrao(secret, 'outro-id', ts, corpo, v.webhookSignature, agora), 'webhook-id trocado aceito');
  exigir(!verificarServico(secret, corpo, v.xServiceSignature.toUpperCase()), 'assinatura em maiúsculas aceita');
  // the subtle part: each scheme reads the secret its own way, and the other way gives another signature
  const errada = 'v1,' + crypto.createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${wid}.${ts}.`), corpo])).digest('base64');
  exigir(errada !== v.webhookSignature, 'chave do padrao lida como texto deu a mesma assinatura');
  exigir(!verificarPadrao(secret, wid, ts, corpo, errada, agora), 'assinatura com a chave lida como texto aceita');
  return falhas;
}

// A minimal receiver: 204 for a delivery whose two signatures hold, 401 otherwise. Remembers the
// X-Service-Entrega ids it processed (in memory) and answers 204 again, without processing, for a repeat.
function receber(porta, secret) {
  const processadas = new Set();
  http.createServer((req, res) => {
    const partes = [];
    req.on('data', (parte) => partes.push(parte));
    req.on('end', () => {
      const corpo = Buffer.concat(partes);
      const h = req.headers; // names in lower case
      const validaServico = verificarServico(secret, corpo, h['x-service-signature']);
      const validaPadrao = verificarPadrao(secret, h['webhook-id'], h['webhook-timestamp'], corpo,
        h['webhook-signature']);
      const entrega = h['x-service-entrega'];
      res.setHeader('Connection', 'close'); // the sender uses one connection per attempt anyway
      if (!(validaServico && validaPadrao)) {
        console.log(`RECUSADA ${entrega}: servico=${validaServico} padrao=${validaPadrao}`);
        res.writeHead(401).end();
      } else if (processadas.has(entrega)) {
        console.log(`REPETIDA ${entrega} tentativa ${h['x-service-tentativa']}: ignorada`);
        res.writeHead(204).end();
      } else {
        processadas.add(entrega);
        const evento = JSON.parse(corpo.toString('utf8'));
        console.log(`OK ${h['x-service-event']} entrega ${entrega} tentativa ${h['x-service-tentativa']}: `
          + JSON.stringify(evento.dados).slice(0, 200));
        res.writeHead(204).end();
      }
    });
  }).listen(porta, () => console.log(`recebendo em http://0.0.0.0:${porta}/`));
}

module.exports = { verificarServico, verificarPadrao };

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.length === 2) {
    receber(Number(args[0]), args[1]);
  } else if (args.length === 0) {
    const problemas = conferirVetor(path.join(__dirname, 'vetor.json'));
    problemas.forEach((p) => console.log('FALHOU:', p));
    if (problemas.length) process.exit(1);
    console.log('vetor.json: as duas assinaturas conferem (node)');
  } else {
    console.log('uso: node verificar.js | node verificar.js <porta> <secret>');
    process.exit(2);
  }
}
