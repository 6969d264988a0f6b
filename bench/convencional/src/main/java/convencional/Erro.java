package convencional;

import org.springframework.http.HttpStatus;

/** A client's mistake, answered as {@code {"erro": ...}} with its status (see {@link Erros}). */
class Erro extends RuntimeException {

    final HttpStatus status;

    Erro(HttpStatus status, String mensagem) {
        super(mensagem, null, false, false);
        this.status = status;
    }

    static Erro invalido(String mensagem) {
        return new Erro(HttpStatus.BAD_REQUEST, mensagem);
    }

    static Erro naoEncontrado(String mensagem) {
        return new Erro(HttpStatus.NOT_FOUND, mensagem);
    }
}
