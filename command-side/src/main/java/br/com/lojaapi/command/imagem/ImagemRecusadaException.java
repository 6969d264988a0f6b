package br.com.lojaapi.command.imagem;

/** An image URL that cannot be re-hosted, with the reason in words a client can act on. */
class ImagemRecusadaException extends Exception {

    ImagemRecusadaException(String motivo) {
        super(motivo, null, false, false);
    }
}
