package br.com.lojaapi.gateway.segredo;

import br.com.lojaapi.command.webhook.ChavesDeWebhook;
import br.com.lojaapi.command.webhook.SegredosEmClaro;
import br.com.lojaapi.gateway.idempotencia.ChavesDeIdempotencia;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The webhook secrets at rest, as an operator deals with them (decision 069).
 * <ul>
 * <li>At start-up, before the node serves anything: data keys wrapped by master keys declared lost
 * ({@code SECRETS_DISCARD_KEY_IDS}) are deleted, and the node refuses to start if the database still holds data keys
 * wrapped by a master key it was not given: a node with the wrong key would sign nothing and wrap new keys the
 * others cannot read.</li>
 * <li>At start-up and every minute: what a version before 069 kept in clear (webhook secrets in
 * {@code webhook_destino} and in their creation events, stored answers of creations) is encrypted or, for removed
 * webhooks, erased; it finds nothing once no node of that version runs.</li>
 * <li>On the operator's request ({@code POST /admin/segredos/recifrar}): after a rotation, every data key wrapped by
 * another master key this node knows is re-wrapped with its current one.</li>
 * </ul>
 */
@Component
public class VarreduraDeSegredos implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(VarreduraDeSegredos.class);
    static final String DESCARTAR = "SECRETS_DISCARD_KEY_IDS";

    private final ChavesDeWebhook chaves;
    private final SegredosEmClaro emClaro;
    private final ChavesDeIdempotencia respostas;
    private final Set<String> descartar;

    VarreduraDeSegredos(ChavesDeWebhook chaves, SegredosEmClaro emClaro, ChavesDeIdempotencia respostas,
                        @Value("${loja.segredos.descartar:}") String descartar) {
        this.chaves = chaves;
        this.emClaro = emClaro;
        this.respostas = respostas;
        this.descartar = new LinkedHashSet<>(ConfiguracaoDeSegredos.lista(descartar));
    }

    /** A master key as the database uses it: how many data keys it wraps, and whether this node has it. */
    public record ChaveMestraEmUso(String id, long chavesDeWebhook, boolean atual, boolean nesteNo) {
    }

    /** What this node sees: the master keys in use and what is still in clear. */
    public record Relatorio(String chaveAtual, List<ChaveMestraEmUso> chavesMestras, long webhooksEmClaro,
                            long respostasEmClaro) {
    }

    /** What a re-encryption did, and the state after it. */
    public record Recifragem(int chavesReenvolvidas, int webhooksCifrados, int webhooksApagados,
                             int respostasSeladas, int respostasDestruidas, Relatorio depois) {
    }

    @Override
    public void afterPropertiesSet() {
        descartarPerdidas();
        exigirLegiveis();
        varrer();
    }

    @Scheduled(fixedDelayString = "${loja.segredos.varredura-ms:60000}",
            initialDelayString = "${loja.segredos.varredura-ms:60000}")
    void varrer() {
        emClaro.cifrar();
        respostas.selarRespostasAntigas();
    }

    public Relatorio relatorio() {
        Set<String> conhecidas = chaves.chavesMestrasConhecidas();
        List<ChaveMestraEmUso> emUso = chaves.porChaveMestra().entrySet().stream()
                .map(e -> new ChaveMestraEmUso(e.getKey(), e.getValue(), e.getKey().equals(chaves.chaveMestraAtual()),
                        conhecidas.contains(e.getKey())))
                .toList();
        return new Relatorio(chaves.chaveMestraAtual(), emUso, emClaro.pendentes(), respostas.respostasEmClaro());
    }

    public Recifragem recifrar() {
        int reenvolvidas = chaves.reenvolver();
        SegredosEmClaro.Cifrados webhooks = emClaro.cifrar();
        ChavesDeIdempotencia.RespostasCifradas guardadas = respostas.selarRespostasAntigas();
        if (reenvolvidas > 0) {
            log.info("{} chaves de webhook recifradas com a chave mestra atual ({})", reenvolvidas,
                    chaves.chaveMestraAtual());
        }
        return new Recifragem(reenvolvidas, webhooks.ativos(), webhooks.removidos(), guardadas.seladas(),
                guardadas.destruidas(), relatorio());
    }

    private void descartarPerdidas() {
        Set<String> conhecidas = chaves.chavesMestrasConhecidas();
        Set<String> nesteNo = descartar.stream().filter(conhecidas::contains).collect(Collectors.toSet());
        if (!nesteNo.isEmpty()) {
            throw new IllegalStateException(DESCARTAR + " lista " + nesteNo + ", que este nó tem (SECRETS_KEY ou "
                    + "SECRETS_READ_KEYS): só se descarta uma chave mestra perdida; tire-a da lista");
        }
        for (ChavesDeWebhook.Descartada d : chaves.descartar(descartar)) {
            log.warn("Webhook {} da loja {}: chave de dados descartada com a chave mestra perdida {}; o secret dele "
                     + "não pode mais ser lido e as entregas falham até a loja removê-lo e cadastrar outro",
                    d.webhookId(), d.lojaId(), d.chaveMestra());
        }
    }

    private void exigirLegiveis() {
        Set<String> conhecidas = chaves.chavesMestrasConhecidas();
        Map<String, Long> ilegiveis = chaves.porChaveMestra().entrySet().stream()
                .filter(e -> !conhecidas.contains(e.getKey()) && e.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        if (!ilegiveis.isEmpty()) {
            throw new IllegalStateException("O banco guarda secrets de webhook cifrados com chaves mestras que "
                    + "este nó não tem (id: quantidade de webhooks) " + ilegiveis + "; este nó cifra com "
                    + chaves.chaveMestraAtual() + " e lê " + conhecidas + ". Dê a este nó a mesma SECRETS_KEY dos "
                    + "outros (ou a antiga em SECRETS_READ_KEYS, durante uma rotação); se a chave se perdeu, veja o "
                    + "runbook (" + DESCARTAR + ")");
        }
    }
}
