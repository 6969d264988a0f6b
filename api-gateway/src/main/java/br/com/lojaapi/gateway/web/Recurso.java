package br.com.lojaapi.gateway.web;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.gateway.idempotencia.RecursoDaRequisicao;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita.Espera;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * One kind of resource of a store as its controller reads and writes it, declared once (see {@link Recursos}): the
 * read-model row its writes wait for, its 404 message, how its JSON is read, where a new one is found (Location)
 * and how its GET is tagged. The steps every endpoint of such a resource repeats live here, so that a controller
 * says only which command an endpoint sends:
 * <ul>
 *   <li>an id that cannot be ours is the resource's 404 before anything runs;</li>
 *   <li>the resource a write creates or changes is announced before its commands are sent, so a keyed retry whose
 *       response was lost can be told where it is ({@link #anunciar});</li>
 *   <li>a command is stamped with the service's time (and, for a change, the request's If-Match), built once and
 *       sent through {@link Comandos}, whose retries resend that same command;</li>
 *   <li>the write is answered through {@link RespostaDeEscrita}: 201 with Location or 200 with the resource as a GET
 *       shows it, 202 while the read model cannot show it yet;</li>
 *   <li>a GET is conditional ({@link RespostaCondicional}), tagged by the version alone when the resource's tag is
 *       just its {@code versao}, or by what the body's own statement read when its reader gives both.</li>
 * </ul>
 * Immutable: the {@code com...} methods give a copy.
 */
public final class Recurso<J> {

    /** Reads a resource's JSON body: empty when it is not (or no longer) a resource of the store. */
    @FunctionalInterface
    public interface Leitor<J> {
        Optional<J> ler(String lojaId, String id);
    }

    /** The command that creates a resource, from the new resource's id and the service's time. */
    @FunctionalInterface
    public interface Criacao {
        Object comando(String id, Instant agora);
    }

    /** The command that changes or removes a resource, from the service's time and the request's If-Match. */
    @FunctionalInterface
    public interface Alteracao {
        Object comando(Instant agora, VersaoEsperada esperada);
    }

    /**
     * What a command handler returns ({@code tipo}), the version written in it, and what it adds to the body the
     * write answers with (warnings, say).
     */
    public record Retorno<R, J>(Class<R> tipo, ToLongFunction<R> versao, BiFunction<J, R, J> corpo) {

        /** A handler that returns only the version it wrote. */
        public static <J> Retorno<Long, J> soAVersao() {
            return new Retorno<>(Long.class, Long::longValue, (json, versao) -> json);
        }
    }

    private final Comandos comandos;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;
    private final ModeloLeitura modelo;
    private final String naoEncontrado;
    private final Leitor<J> leitor;
    private final String local;
    private final CarimboQuery.Alvo alvo;
    private final ToLongFunction<J> versao;
    private final Leitor<ComEtag<J>> leitorComEtag;

    Recurso(Comandos comandos, RespostaDeEscrita escrita, Clock relogio, ModeloLeitura modelo, String naoEncontrado,
            Leitor<J> leitor, String local, CarimboQuery.Alvo alvo, ToLongFunction<J> versao,
            Leitor<ComEtag<J>> leitorComEtag) {
        this.comandos = comandos;
        this.escrita = escrita;
        this.relogio = relogio;
        this.modelo = modelo;
        this.naoEncontrado = naoEncontrado;
        this.leitor = leitor;
        this.local = local;
        this.alvo = alvo;
        this.versao = versao;
        this.leitorComEtag = leitorComEtag;
    }

    /** Where a created resource is found: {@code caminho} followed by its id. */
    public Recurso<J> comLocal(String caminho) {
        return new Recurso<>(comandos, escrita, relogio, modelo, naoEncontrado, leitor, caminho, alvo, versao,
                leitorComEtag);
    }

    /** A GET tagged by {@code alvo}'s {@link CarimboQuery}, a tag that may cover more than the resource's version. */
    public Recurso<J> comEtag(CarimboQuery.Alvo alvoDoGet) {
        return new Recurso<>(comandos, escrita, relogio, modelo, naoEncontrado, leitor, local, alvoDoGet, null, null);
    }

    /**
     * A GET tagged by {@code alvo}'s {@link CarimboQuery}, a tag that is only the {@code versao} the body shows: see
     * {@link RespostaCondicional#recursoPelaVersao}.
     */
    public Recurso<J> comEtagDaVersao(CarimboQuery.Alvo alvoDoGet, ToLongFunction<J> versaoDoCorpo) {
        return new Recurso<>(comandos, escrita, relogio, modelo, naoEncontrado, leitor, local, alvoDoGet,
                versaoDoCorpo, null);
    }

    /**
     * A GET whose body and tag {@code lido} reads together, in one statement: see
     * {@link RespostaCondicional#recursoComEtag}.
     */
    public Recurso<J> comEtagDoCorpo(Leitor<ComEtag<J>> lido) {
        return new Recurso<>(comandos, escrita, relogio, modelo, naoEncontrado, leitor, local, null, null, lido);
    }

    public Optional<J> buscar(String lojaId, String id) {
        return leitor.ler(lojaId, id);
    }

    /** The resource, or its 404 (an id that cannot be ours included). */
    public J exigir(String lojaId, String id) {
        return leitor.ler(lojaId, Ids.exigir(id, naoEncontrado))
                     .orElseThrow(() -> ErroDeNegocio.naoEncontrado(naoEncontrado));
    }

    /** GET of one resource: 200 with its ETag, 304, or 404. */
    public ResponseEntity<J> ler(String lojaId, String id, RespostaCondicional condicional) {
        Ids.exigir(id, naoEncontrado);
        if (leitorComEtag != null) {
            return condicional.recursoComEtag(naoEncontrado, () -> leitorComEtag.ler(lojaId, id));
        }
        CarimboQuery carimbo = new CarimboQuery(lojaId, alvo, id, null);
        Supplier<Optional<J>> corpo = () -> leitor.ler(lojaId, id);
        return versao == null ? condicional.recurso(carimbo, naoEncontrado, corpo)
                : condicional.recursoPelaVersao(carimbo, naoEncontrado, corpo, versao);
    }

    /** POST of a command whose handler returns the version: 201 with Location. */
    public ResponseEntity<Object> criar(String lojaId, Criacao comando) {
        return criar(lojaId, comando, Retorno.soAVersao());
    }

    /** POST of a command whose handler returns {@code retorno}: 201 with Location. */
    public <R> ResponseEntity<Object> criar(String lojaId, Criacao comando, Retorno<R, J> retorno) {
        String id = Ids.novo();
        anunciar(id);
        R feito = comandos.enviar(comando.comando(id, relogio.instant()), retorno.tipo(), naoEncontrado);
        return responder(lojaId, true, id, retorno, feito);
    }

    /** PUT or PATCH of a command whose handler returns the version: 200. */
    public ResponseEntity<Object> alterar(String lojaId, String id, PreCondicao condicao, Alteracao comando) {
        return alterar(lojaId, id, condicao, comando, Retorno.soAVersao());
    }

    /** PUT or PATCH of a command whose handler returns {@code retorno}: 200. */
    public <R> ResponseEntity<Object> alterar(String lojaId, String id, PreCondicao condicao, Alteracao comando,
                                              Retorno<R, J> retorno) {
        Ids.exigir(id, naoEncontrado);
        if (local != null) {
            anunciar(id);
        }
        R feito = comandos.enviar(comando.comando(relogio.instant(), condicao.versaoEsperada()), retorno.tipo(),
                naoEncontrado);
        return responder(lojaId, false, id, retorno, feito);
    }

    /** DELETE of a command whose handler returns the version: 200 with {@code corpo} once the removal shows. */
    public ResponseEntity<Object> remover(String lojaId, String id, PreCondicao condicao, Alteracao comando,
                                          Object corpo) {
        Ids.exigir(id, naoEncontrado);
        long removida = enviar(agora -> comando.comando(agora, condicao.versaoEsperada()));
        return removido(lojaId, id, removida, corpo);
    }

    /**
     * Names the resource {@code id} as the one this request creates or changes, before its commands are sent: with
     * an Idempotency-Key, a retry whose response was lost is sent to it ({@link RecursoDaRequisicao}).
     */
    public void anunciar(String id) {
        RecursoDaRequisicao.anunciar(id, local(id).toString());
    }

    /**
     * As {@link #anunciar}, for a write whose use case picks the resource itself (an upsert finds an existing one
     * or creates one): the resource is the target of the last command the request sends.
     */
    public void anunciarAlvoDoComando() {
        String caminho = local("").toString();
        RecursoDaRequisicao.anunciarAlvoDoComando(id -> caminho + id);
    }

    /** Sends a command stamped with the service's time; the version it wrote, or this resource's 404. */
    public long enviar(Function<Instant, Object> comando) {
        return comandos.enviar(comando.apply(relogio.instant()), naoEncontrado);
    }

    /**
     * Runs a use case that sends commands (several aggregates in one transaction, say), with this resource's 404
     * for a missing aggregate and the whole action retried on a conflict (see {@link Comandos#executar}).
     */
    public <R> R executar(Supplier<R> acao) {
        return comandos.executar(acao, naoEncontrado);
    }

    /**
     * As {@link #executar(Supplier)}, for a use case stamped with the service's time: the time is taken once, so a
     * retry after a conflict sends the same time again.
     */
    public <R> R executar(Function<Instant, R> acao) {
        Instant agora = relogio.instant();
        return comandos.executar(() -> acao.apply(agora), naoEncontrado);
    }

    /** A write of this resource's own row: 201 with Location when it created the resource, 200 otherwise. */
    public ResponseEntity<Object> gravado(String lojaId, boolean criado, String id, long versaoGravada) {
        return gravado(lojaId, criado, List.of(new Espera(modelo, id, versaoGravada)), id, versaoGravada,
                UnaryOperator.identity());
    }

    /**
     * A write that changed several rows ({@code esperas}, the resource's own among them), answered once the read
     * model shows them all with the resource's body as {@code corpo} completes it: 201 with Location when it
     * created the resource, 200 otherwise.
     */
    public ResponseEntity<Object> gravado(String lojaId, boolean criado, List<Espera> esperas, String id,
                                          long versaoGravada, UnaryOperator<J> corpo) {
        return escrita.responder(criado ? HttpStatus.CREATED : HttpStatus.OK, lojaId, esperas, id, versaoGravada,
                criado ? local(id) : null, () -> leitor.ler(lojaId, id).map(corpo));
    }

    /** A removal of this resource's own row, answered with {@code corpo} once the read model shows it. */
    public ResponseEntity<Object> removido(String lojaId, String id, long versaoGravada, Object corpo) {
        return escrita.removido(modelo, lojaId, id, versaoGravada, corpo);
    }

    /**
     * A write that changed several rows ({@code esperas}: a removal, stock moves), answered with {@code corpo} once
     * the read model shows them all.
     */
    public ResponseEntity<Object> feito(String lojaId, List<Espera> esperas, String id, long versaoGravada,
                                        Object corpo) {
        return escrita.feito(lojaId, esperas, id, versaoGravada, corpo);
    }

    private URI local(String id) {
        if (local == null) {
            throw new IllegalStateException("recurso sem local declarado (comLocal): " + modelo);
        }
        return URI.create(local + id);
    }

    private <R> ResponseEntity<Object> responder(String lojaId, boolean criado, String id, Retorno<R, J> retorno,
                                                 R feito) {
        long gravada = retorno.versao().applyAsLong(feito);
        return gravado(lojaId, criado, List.of(new Espera(modelo, id, gravada)), id, gravada,
                json -> retorno.corpo().apply(json, feito));
    }
}
