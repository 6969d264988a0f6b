package br.com.lojaapi.gateway.rotulo;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.query.rotulo.TamanhoDoRotulo;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/**
 * The options of the label endpoints, read from the query of the GET or the body of the batch with the same rules
 * and the same messages: every refusal names the option and the values it takes, so a store fixes its integration
 * from the message alone. An option given must be valid; only an absent one (or a JSON null) takes its default.
 */
final class ParametrosDoRotulo {

    static final int VOLUMES_MAXIMO = 50;

    static final String TAMANHOS = "tamanho: use 10x15 ou a4";
    static final String FORMATOS = "formato: use pdf ou zpl";
    static final String DPIS = "dpi: use 203 ou 300";
    static final String VOLUMES = "volumes: use um número inteiro de 1 a " + VOLUMES_MAXIMO;
    static final String ITENS = "itens: use 0 (sem a lista de conteúdo) ou 1";
    static final String ITENS_JSON = "itens: use true ou false (false omite a lista de conteúdo)";
    static final String INLINE = "inline: use 1 (abrir no navegador) ou 0 (anexo)";

    private ParametrosDoRotulo() {
    }

    static TamanhoDoRotulo tamanho(String valor) {
        if (valor == null || "10x15".equalsIgnoreCase(valor)) {
            return TamanhoDoRotulo.DEZ_POR_QUINZE;
        }
        if ("a4".equalsIgnoreCase(valor)) {
            return TamanhoDoRotulo.A4;
        }
        throw ErroDeNegocio.invalido(TAMANHOS);
    }

    static boolean zpl(String formato) {
        if (formato == null || "pdf".equalsIgnoreCase(formato)) {
            return false;
        }
        if ("zpl".equalsIgnoreCase(formato)) {
            return true;
        }
        throw ErroDeNegocio.invalido(FORMATOS);
    }

    static int dpi(String valor) {
        if (valor == null || "203".equals(valor)) {
            return 203;
        }
        if ("300".equals(valor)) {
            return 300;
        }
        throw ErroDeNegocio.invalido(DPIS);
    }

    /** From the query: digits only, so "+3", " 3" and "3.0" are refused like "três". */
    static int volumes(String valor) {
        if (valor == null) {
            return 1;
        }
        if (!valor.matches("[0-9]{1,3}")) {
            throw ErroDeNegocio.invalido(VOLUMES);
        }
        return volumes(Integer.parseInt(valor), VOLUMES, Map.of());
    }

    static int volumes(int valor, String mensagem, Map<String, Object> detalhes) {
        if (valor < 1 || valor > VOLUMES_MAXIMO) {
            throw new ErroDeNegocio(CodigoErro.INVALIDO, mensagem, detalhes);
        }
        return valor;
    }

    /** A query flag: {@code 1}/{@code true} or {@code 0}/{@code false}, the values the invoice downloads take. */
    static boolean simOuNao(String valor, boolean padrao, String mensagem) {
        if (valor == null) {
            return padrao;
        }
        if ("1".equals(valor) || "true".equals(valor)) {
            return true;
        }
        if ("0".equals(valor) || "false".equals(valor)) {
            return false;
        }
        throw ErroDeNegocio.invalido(mensagem);
    }

    /** A JSON text option: null when absent, the option's own message when it is not a string. */
    static String texto(JsonNode valor, String mensagem) {
        if (ausente(valor)) {
            return null;
        }
        if (!valor.isTextual()) {
            throw ErroDeNegocio.invalido(mensagem);
        }
        return valor.textValue();
    }

    /** A JSON integer from 1 to 50; 2.0, "2" and true are refused, as everywhere else in the API. */
    static int volumes(JsonNode valor, int padrao, String mensagem, Map<String, Object> detalhes) {
        if (ausente(valor)) {
            return padrao;
        }
        if (!valor.isIntegralNumber() || !valor.canConvertToInt()) {
            throw new ErroDeNegocio(CodigoErro.INVALIDO, mensagem, detalhes);
        }
        return volumes(valor.intValue(), mensagem, detalhes);
    }

    static boolean booleano(JsonNode valor, boolean padrao, String mensagem) {
        if (ausente(valor)) {
            return padrao;
        }
        if (!valor.isBoolean()) {
            throw ErroDeNegocio.invalido(mensagem);
        }
        return valor.booleanValue();
    }

    static boolean ausente(JsonNode valor) {
        return valor == null || valor.isNull() || valor.isMissingNode();
    }
}
