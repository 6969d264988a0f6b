package br.com.lojaapi.query.processamento;

import br.com.lojaapi.query.processamento.reconstrucao.ReconstrucaoDeProjecoes;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * The operator's view of the event processors, and the web layer's one way into them (the admin endpoints): where
 * each stands on every node, which nodes run, and rebuilds of read models.
 */
@Component
public class PainelDosProcessadores {

    private final EstadoDosProcessadores estados;
    private final ReconstrucaoDeProjecoes reconstrucao;
    private final NosEmExecucao nos;
    private final IdentidadeDoNo identidade;

    PainelDosProcessadores(EstadoDosProcessadores estados, ReconstrucaoDeProjecoes reconstrucao, NosEmExecucao nos,
                           IdentidadeDoNo identidade) {
        this.estados = estados;
        this.reconstrucao = reconstrucao;
        this.nos = nos;
        this.identidade = identidade;
    }

    /** The id of this node, the one answering. */
    public String no() {
        return identidade.id();
    }

    /** The running nodes, this one included, oldest first. */
    public List<NoEmExecucao> nos() {
        return nos.vivos();
    }

    /** Every streaming processor, by name. */
    public List<EstadoDoProcessador> processadores() {
        return estados.todos();
    }

    /**
     * Starts rebuilding a read model from the event store while the current one keeps being read (see
     * {@link ReconstrucaoDeProjecoes}), and answers its processor's state: 404 for an unknown processor, 409 for one
     * that is not a read model (sagas, webhook senders) or whose rebuild is already running.
     */
    public EstadoDoProcessador reconstruir(String nome) {
        reconstrucao.iniciar(nome);
        return estados.de(nome).orElseThrow();
    }
}
