package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.query.comum.LeituraInstantanea;
import jakarta.servlet.http.HttpServletRequest;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.ServletWebRequest;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A conditional GET, handed to a controller as an argument (see {@link RespostaCondicionalResolver}). The ETag
 * comes first, from versions alone (one light query answered on the query side); when the request's
 * {@code If-None-Match} holds it, Spring writes 304 with the ETag and no body is ever built.
 *
 * <p>Tag and body are read in one read-only REPEATABLE READ transaction, so both come from the same snapshot: the
 * body sent with a tag is exactly the one the tag names, and the version before a tag's {@code -} is the
 * {@code versao} of that body. A write that commits meanwhile shows in neither, so a later request gets a new tag
 * and a new body, never a 304 over a stale body. Tags come only from PostgreSQL, so every node agrees.
 */
public final class RespostaCondicional {

    private final NativeWebRequest requisicao;
    private final QueryGateway consultas;
    private final LeituraInstantanea leitura;

    RespostaCondicional(NativeWebRequest requisicao, QueryGateway consultas, LeituraInstantanea leitura) {
        this.requisicao = requisicao;
        this.consultas = consultas;
        this.leitura = leitura;
    }

    /**
     * A resource, or an unpaged list with an owner: {@code carimbo} is answered with {@code Optional<String>},
     * empty meaning 404 with {@code naoEncontrado}, as does an empty body.
     */
    public <T> ResponseEntity<T> recurso(Object carimbo, String naoEncontrado, Supplier<Optional<T>> corpo) {
        return leitura.executar(() -> {
            String etag = consultas.query(carimbo, ResponseTypes.optionalInstanceOf(String.class)).join()
                                   .orElseThrow(() -> ErroDeNegocio.naoEncontrado(naoEncontrado));
            return responder(etag, () -> corpo.get().orElseThrow(() -> ErroDeNegocio.naoEncontrado(naoEncontrado)));
        });
    }

    /**
     * A resource read with its tag in one statement ({@code lido}, empty meaning 404 with {@code naoEncontrado}): no
     * transaction is needed for the tag to name the body, and a 304 costs the same single statement.
     */
    public <T> ResponseEntity<T> recursoComEtag(String naoEncontrado, Supplier<Optional<ComEtag<T>>> lido) {
        ComEtag<T> recurso = lido.get().orElseThrow(() -> ErroDeNegocio.naoEncontrado(naoEncontrado));
        return responder(recurso.etag(), recurso::corpo);
    }

    /**
     * A resource whose tag is only its own {@code "<versao>"} (category, group, customer, variation, invoice, label:
     * the {@code carimbo} query answers just that version). Without {@code If-None-Match} there is nothing to
     * compare, so the body is read alone and tagged with the {@code versao} it shows, which is by construction the
     * tag of that body: no transaction and no second query on the common path (a single category GET had halved
     * its rate with them, see docs/operacao/desempenho.md). With the header, as {@link #recurso}: tag first, 304
     * without a body.
     */
    public <T> ResponseEntity<T> recursoPelaVersao(Object carimbo, String naoEncontrado, Supplier<Optional<T>> corpo,
                                                   ToLongFunction<T> versao) {
        if (requisicao.getHeader(HttpHeaders.IF_NONE_MATCH) != null) {
            return recurso(carimbo, naoEncontrado, corpo);
        }
        T lido = corpo.get().orElseThrow(() -> ErroDeNegocio.naoEncontrado(naoEncontrado));
        return ResponseEntity.ok().eTag("\"" + versao.applyAsLong(lido) + '"').body(lido);
    }

    /**
     * A page read with its tag in one statement: {@code consulta} answered with {@code resposta}, which
     * {@code corpo} turns into the body and its tag. With {@code If-None-Match}, the tag alone is read first
     * ({@code carimbo}, answered with a {@code String}), so a 304 reads no body; when it does not match, the body's
     * own statement gives the tag sent with it. Either way no transaction: each tag comes with what it names.
     */
    public <R, T> ResponseEntity<T> listaComEtag(Object carimbo, Object consulta, Class<R> resposta,
                                                 Function<R, ComEtag<T>> corpo) {
        if (requisicao.getHeader(HttpHeaders.IF_NONE_MATCH) != null) {
            String tag = '"' + consultas.query(carimbo, String.class).join() + '"';
            // Asked of a copy without the response, so that a miss sets no header and the real check stays unused.
            if (new ServletWebRequest(requisicao.getNativeRequest(HttpServletRequest.class)).checkNotModified(tag)) {
                requisicao.checkNotModified(tag);
                return null;
            }
        }
        ComEtag<T> lida = corpo.apply(consultas.query(consulta, resposta).join());
        return responder(lida.etag(), lida::corpo);
    }

    /** A list that always exists (a page, say): {@code carimbo} is answered with a {@code String}. */
    public <T> ResponseEntity<T> lista(Object carimbo, Supplier<T> corpo) {
        return leitura.executar(() -> responder(consultas.query(carimbo, String.class).join(), corpo));
    }

    /**
     * A page of a list, as {@link #lista(Object, Supplier)}: its body is {@code corpo} of what {@code consulta}
     * answers (a {@code resposta}), read in the same snapshot as the tag.
     */
    public <R, T> ResponseEntity<T> lista(Object carimbo, Object consulta, Class<R> resposta, Function<R, T> corpo) {
        return lista(carimbo, () -> corpo.apply(consultas.query(consulta, resposta).join()));
    }

    private <T> ResponseEntity<T> responder(String etag, Supplier<T> corpo) {
        String tag = '"' + etag + '"';
        if (requisicao.checkNotModified(tag)) {
            return null;   // Spring has set 304 and the ETag; nothing else is read or written
        }
        return ResponseEntity.ok().eTag(tag).body(corpo.get());
    }
}
