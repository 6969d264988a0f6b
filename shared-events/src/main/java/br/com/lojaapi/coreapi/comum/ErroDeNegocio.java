package br.com.lojaapi.coreapi.comum;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A business refusal raised by an aggregate or a query handler. The gateway maps {@link #codigo()} to an HTTP
 * status and {@link #getMessage()} to {@code erro}; {@link #detalhes()} are extra fields of the error body.
 */
public class ErroDeNegocio extends RuntimeException {

    private final CodigoErro codigo;
    private final Map<String, Object> detalhes;

    public ErroDeNegocio(CodigoErro codigo, String mensagem) {
        this(codigo, mensagem, Map.of());
    }

    public ErroDeNegocio(CodigoErro codigo, String mensagem, Map<String, Object> detalhes) {
        super(mensagem, null, false, false);
        this.codigo = codigo;
        // in the order given, nulls allowed: they are fields of the error body
        this.detalhes = Collections.unmodifiableMap(new LinkedHashMap<>(detalhes));
    }

    public CodigoErro codigo() {
        return codigo;
    }

    public Map<String, Object> detalhes() {
        return detalhes;
    }

    /** The business refusal somewhere in the cause chain of {@code erro} (Axon may wrap it), or null. */
    public static ErroDeNegocio naCausa(Throwable erro) {
        for (Throwable atual = erro; atual != null && atual.getCause() != atual; atual = atual.getCause()) {
            if (atual instanceof ErroDeNegocio negocio) {
                return negocio;
            }
        }
        return null;
    }

    public static ErroDeNegocio naoEncontrado(String mensagem) {
        return new ErroDeNegocio(CodigoErro.NAO_ENCONTRADO, mensagem);
    }

    public static ErroDeNegocio invalido(String mensagem) {
        return new ErroDeNegocio(CodigoErro.INVALIDO, mensagem);
    }

    public static ErroDeNegocio conflito(String mensagem) {
        return new ErroDeNegocio(CodigoErro.CONFLITO, mensagem);
    }

    /** An {@code If-Match} precondition failed; the body tells the client the version it should read again. */
    public static ErroDeNegocio versaoDivergente(long atual) {
        return new ErroDeNegocio(CodigoErro.VERSAO_DIVERGENTE,
                "If-Match não confere com a versão atual do recurso (" + atual + "); leia-o de novo e repita",
                Map.of("versao", atual));
    }
}
