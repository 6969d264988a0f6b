package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import io.swagger.v3.oas.annotations.media.Schema;

/** The contract's {@code paginacao}, and the rules every list endpoint applies to {@code page} and {@code limite}. */
@Schema(name = "Paginacao")
public record Paginacao(int page, int limite, long total, long totalPaginas) {

    public static final int LIMITE_PADRAO = 50;
    public static final int LIMITE_MAXIMO = 100;

    public static Paginacao de(int page, int limite, long total) {
        return new Paginacao(page, limite, total, (total + limite - 1) / limite);
    }

    /** {@code page} from 1, {@code limite} from 1 to 100 (default 50); anything else is a 400. */
    public static Pedida pedida(Integer page, Integer limite) {
        int pagina = page == null ? 1 : page;
        int tamanho = limite == null ? LIMITE_PADRAO : limite;
        if (pagina < 1) {
            throw ErroDeNegocio.invalido("page deve ser 1 ou mais");
        }
        if (tamanho < 1 || tamanho > LIMITE_MAXIMO) {
            throw ErroDeNegocio.invalido("limite deve estar entre 1 e " + LIMITE_MAXIMO);
        }
        return new Pedida(pagina, tamanho);
    }

    /** The page a request asks for, validated. */
    public record Pedida(int page, int limite) {

        /** The {@code paginacao} of this page of a list of {@code total} items. */
        public Paginacao de(long total) {
            return Paginacao.de(page, limite, total);
        }
    }
}
