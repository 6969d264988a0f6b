#!/usr/bin/env python3
"""Verifies the signatures of a webhook delivery of the Store Integration API, in both schemes it sends.
Python 3, standard library only.

    python3 verificar.py                 checks the known-answer vector in vetor.json; exit 0 when right
    python3 verificar.py 8000 whsec_...  a receiver on port 8000 that verifies every delivery it gets

Verify the raw bytes of the body as they arrived, before any JSON parsing: re-serialising changes them.
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import time

PREFIXO = "whsec_"
TOLERANCIA_S = 5 * 60  # Standard Webhooks: refuse a webhook-timestamp more than 5 minutes from now


def verificar_servico(secret: str, corpo: bytes, x_service_signature: str) -> bool:
    """X-Service-Signature: "sha256=" + lower-case hex HMAC-SHA-256 of the body.
    The key is the WHOLE secret, "whsec_" included, as UTF-8 bytes."""
    esperada = "sha256=" + hmac.new(secret.encode("utf-8"), corpo, hashlib.sha256).hexdigest()
    return hmac.compare_digest(esperada.encode("utf-8"), (x_service_signature or "").encode("utf-8"))


def verificar_padrao(secret: str, webhook_id: str, webhook_timestamp: str, corpo: bytes,
                     webhook_signature: str, agora: float = None) -> bool:
    """Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature): webhook-signature is a
    space-separated list of "v1,<base64 HMAC-SHA-256>" over "{webhook-id}.{webhook-timestamp}.{body}".
    The key is the base64 DECODING of the text after "whsec_" (48 hex characters, which are valid base64)."""
    if not webhook_id or not webhook_timestamp or not webhook_timestamp.isascii() \
            or not webhook_timestamp.isdigit():
        return False
    agora = time.time() if agora is None else agora
    if abs(agora - int(webhook_timestamp)) > TOLERANCIA_S:
        return False
    chave = base64.b64decode(secret[len(PREFIXO):] if secret.startswith(PREFIXO) else secret)
    conteudo = f"{webhook_id}.{webhook_timestamp}.".encode("utf-8") + corpo
    esperada = base64.b64encode(hmac.new(chave, conteudo, hashlib.sha256).digest())
    for assinatura in (webhook_signature or "").split(" "):
        versao, _, valor = assinatura.partition(",")
        if versao == "v1" and hmac.compare_digest(esperada, valor.encode("utf-8")):
            return True
    return False


def conferir_vetor(caminho: str) -> list:
    """What is wrong with the known-answer vector (nothing: an empty list)."""
    with open(caminho, encoding="utf-8") as arquivo:
        v = json.load(arquivo)
    secret, wid, ts = v["secret"], v["webhookId"], str(v["webhookTimestamp"])
    corpo = v["corpo"].encode("utf-8")
    falhas = []

    def exigir(condicao, descricao):
        if not condicao:
            falhas.append(descricao)

    exigir(verificar_servico(secret, corpo, v["xServiceSignature"]), "X-Service-Signature do vetor recusada")
    exigir(verificar_padrao(secret, wid, ts, corpo, v["webhookSignature"], agora=int(ts)),
           "webhook-signature do vetor recusada")
    exigir(verificar_padrao(secret, wid, ts, corpo, "v1,outra " + v["webhookSignature"], agora=int(ts)),
           "webhook-signature numa lista de várias recusada")
    exigir(verificar_padrao(secret, wid, ts, corpo, v["webhookSignature"], agora=int(ts) + TOLERANCIA_S),
           "timestamp no limite da tolerância recusado")
    # what must be refused
    adulterado = corpo.replace(b'"numero":42', b'"numero":43')
    exigir(adulterado != corpo, "o vetor não tem o campo que o teste adultera")
    exigir(not verificar_servico(secret, adulterado, v["xServiceSignature"]), "corpo adulterado aceito (servico)")
    exigir(not verificar_padrao(secret, wid, ts, adulterado, v["webhookSignature"], agora=int(ts)),
           "corpo adulterado aceito (padrao)")
    exigir(not verificar_padrao(secret, wid, ts, corpo, v["webhookSignature"], agora=int(ts) + TOLERANCIA_S + 1),
           "timestamp velho aceito")
    exigir(not verificar_padrao(secret, wid, ts, corpo, v["webhookSignature"], agora=int(ts) - TOLERANCIA_S - 1),
           "timestamp do futuro aceito")
    exigir(not verificar_padrao(secret, "outro-id", ts, corpo, v["webhookSignature"], agora=int(ts)),
           "webhook-id trocado aceito")
    exigir(not verificar_servico(secret, corpo, v["xServiceSignature"].upper()), "assinatura em maiúsculas aceita")
    # the subtle part: each scheme reads the secret its own way, and the other way gives another signature
    errada = "v1," + base64.b64encode(hmac.new(secret.encode("utf-8"), f"{wid}.{ts}.".encode() + corpo,
                                               hashlib.sha256).digest()).decode()
    exigir(errada != v["webhookSignature"], "chave do padrao lida como texto deu a mesma assinatura")
    exigir(not verificar_padrao(secret, wid, ts, corpo, errada, agora=int(ts)),
           "assinatura com a chave lida como texto aceita")
    return falhas


def receber(porta: int, secret: str) -> None:
    """A minimal receiver: 204 for a delivery whose two signatures hold, 401 otherwise. Remembers the
    X-Service-Entrega ids it processed (in memory) and answers 204 again, without processing, for a repeat."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    processadas = set()

    class Receptor(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            corpo = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            h = self.headers
            valida_servico = verificar_servico(secret, corpo, h.get("X-Service-Signature"))
            valida_padrao = verificar_padrao(secret, h.get("webhook-id"), h.get("webhook-timestamp"), corpo,
                                             h.get("webhook-signature"))
            entrega = h.get("X-Service-Entrega")
            if not (valida_servico and valida_padrao):
                print(f"RECUSADA {entrega}: servico={valida_servico} padrao={valida_padrao}", flush=True)
                self.send_response(401)
            elif entrega in processadas:
                print(f"REPETIDA {entrega} tentativa {h.get('X-Service-Tentativa')}: ignorada", flush=True)
                self.send_response(204)
            else:
                processadas.add(entrega)
                evento = json.loads(corpo)
                print(f"OK {h.get('X-Service-Event')} entrega {entrega} tentativa {h.get('X-Service-Tentativa')}: "
                      f"{json.dumps(evento['dados'], ensure_ascii=False)[:200]}", flush=True)
                self.send_response(204)
            self.send_header("Content-Length", "0")
            self.send_header("Connection", "close")  # the sender uses one connection per attempt anyway
            self.end_headers()

        def log_message(self, *args):
            pass

    print(f"recebendo em http://0.0.0.0:{porta}/", flush=True)
    ThreadingHTTPServer(("", porta), Receptor).serve_forever()


if __name__ == "__main__":
    if len(sys.argv) == 3:
        receber(int(sys.argv[1]), sys.argv[2])
    elif len(sys.argv) == 1:
        caminho = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vetor.json")
        problemas = conferir_vetor(caminho)
        for problema in problemas:
            print("FALHOU:", problema)
        if problemas:
            sys.exit(1)
        print("vetor.json: as duas assinaturas conferem (python)")
    else:
        print(__doc__)
        sys.exit(2)
