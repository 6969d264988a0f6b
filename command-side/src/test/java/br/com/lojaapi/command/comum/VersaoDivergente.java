package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.hamcrest.CustomTypeSafeMatcher;
import org.hamcrest.Matcher;

/** Matchers for the refusals of an {@code If-Match} precondition, shared by the aggregates' fixture tests. */
public final class VersaoDivergente {

    private VersaoDivergente() {
    }

    /** The 412 refusal, naming the aggregate's current version. */
    public static Matcher<ErroDeNegocio> naVersao(long atual) {
        return new CustomTypeSafeMatcher<>("VERSAO_DIVERGENTE na versão " + atual) {
            @Override
            protected boolean matchesSafely(ErroDeNegocio erro) {
                return erro.codigo() == CodigoErro.VERSAO_DIVERGENTE
                        && Long.valueOf(atual).equals(erro.detalhes().get("versao"));
            }
        };
    }

    /** Another store's aggregate stays a 404 whatever version is expected. */
    public static Matcher<ErroDeNegocio> naoEncontrado() {
        return new CustomTypeSafeMatcher<>("NAO_ENCONTRADO") {
            @Override
            protected boolean matchesSafely(ErroDeNegocio erro) {
                return erro.codigo() == CodigoErro.NAO_ENCONTRADO;
            }
        };
    }
}
