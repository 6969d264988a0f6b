package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request's {@code If-Match} (RFC 9110, section 13.1.1), for PUT, PATCH and DELETE. A resource's entity tag is
 * {@code "<versao>"} or {@code "<versao>-<hash>"}, where {@code versao} is the one its JSON shows; a listed tag
 * matches when the text before its first {@code -} is the current {@code versao}. Comparison is strong: weak tags
 * never match. {@code *} matches any existing resource, which is what a write to a missing one already refuses
 * with 404. The comparison itself happens in the aggregate, atomically with the append ({@link #versaoEsperada()}).
 */
public final class PreCondicao {

    public static final String CABECALHO = "If-Match";

    /** Without the header: the write behaves exactly as without preconditions. */
    public static final PreCondicao NENHUMA = new PreCondicao(null);

    private static final String MALFORMADO =
            "If-Match: use * ou uma lista de entity tags entre aspas separadas por vírgula, como \"3\"";
    private static final Pattern ESTRELA = Pattern.compile("[ \\t]*\\*[ \\t]*");
    /**
     * One list element with its surrounding whitespace and separator: empty, or an optionally weak opaque tag
     * (etagc = %x21 / %x23-7E / obs-text).
     */
    private static final Pattern ELEMENTO =
            Pattern.compile("[ \\t]*(?:(W/)?\"([\\x21\\x23-\\x7E\\x80-\\xFF]*)\")?[ \\t]*(?:,|\\z)");
    /** A version as the JSON writes it: no sign, no leading zeros, fits a long. */
    private static final Pattern VERSAO = Pattern.compile("0|[1-9][0-9]{0,17}");

    private final VersaoEsperada versoes;

    private PreCondicao(VersaoEsperada versoes) {
        this.versoes = versoes;
    }

    /**
     * Reads the header's field lines (several lines are one comma-separated list); none gives {@link #NENHUMA}.
     * A value that is neither {@code *} nor a list of entity tags is a 400.
     */
    public static PreCondicao de(List<String> linhas) {
        if (linhas == null || linhas.isEmpty()) {
            return NENHUMA;
        }
        String valor = String.join(",", linhas);
        if (ESTRELA.matcher(valor).matches()) {
            return NENHUMA; // any existing resource: the write itself answers 404 for a missing one
        }
        // Element by element: an opaque tag may itself hold a comma, so the list is not split on commas.
        Set<Long> aceitas = new LinkedHashSet<>();
        boolean algumaTag = false;
        Matcher elemento = ELEMENTO.matcher(valor);
        int posicao = 0;
        while (posicao < valor.length()) {
            if (!elemento.find(posicao) || elemento.start() != posicao || elemento.end() == posicao) {
                throw ErroDeNegocio.invalido(MALFORMADO);
            }
            posicao = elemento.end();
            if (elemento.group(2) == null) {
                continue; // empty list elements are allowed (RFC 9110, section 5.6.1.2)
            }
            algumaTag = true;
            String versao = elemento.group(2).split("-", 2)[0];
            if (elemento.group(1) == null && VERSAO.matcher(versao).matches()) {
                aceitas.add(Long.parseLong(versao));
            }
        }
        if (!algumaTag) {
            throw ErroDeNegocio.invalido(MALFORMADO);
        }
        return new PreCondicao(new VersaoEsperada(aceitas));
    }

    /**
     * What the command carries for the aggregate to check: null when there is nothing to compare (no header, or
     * {@code *}); otherwise the versions the client accepts, possibly none.
     */
    public VersaoEsperada versaoEsperada() {
        return versoes;
    }

    /**
     * Early refusal from the read model, to skip costly work (image downloads) for a write that cannot succeed.
     * Only a tag older than what was read is refused here: the read model never runs ahead of the aggregate, so
     * such a tag is stale for sure, while one equal to or newer than the read may still be current. The
     * aggregate's check remains the one that counts.
     */
    public void recusarSeVelha(long versaoLida) {
        if (versoes != null && versoes.versoes().stream().allMatch(v -> v < versaoLida)) {
            throw ErroDeNegocio.versaoDivergente(versaoLida);
        }
    }
}
