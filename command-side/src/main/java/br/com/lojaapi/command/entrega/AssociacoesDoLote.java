package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.saga.AssociationValue;
import org.axonframework.modelling.saga.AssociationValues;
import org.axonframework.modelling.saga.repository.SagaStore;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import static org.axonframework.common.jdbc.JdbcUtils.closeQuietly;

/**
 * The saga store of {@link EntregaSaga}, answering its association lookups from one query per processor batch. Every
 * recorded attempt passes the saga's processor, and nearly all of them find no saga (one is stored only between a
 * series' first failure and its end, decision 072): without this, each was a query of its own, the commonest
 * statement of a fan-out. On the first lookup of a batch, the sagas of every delivery the batch's
 * {@link TentativaRegistradaEvent}s name are read at once and kept with the batch's unit of work; a lookup of one of
 * them is answered from there, anything else goes to the store. Sagas this batch creates or ends are Axon's to
 * track (its repository merges the sagas it manages in the batch with what the store answers), and no other
 * processor or node writes this saga's rows while this batch holds its segment, so the answer is the one the store
 * would give.
 */
public class AssociacoesDoLote implements SagaStore<Object> {

    static final String CHAVE = "entregaId";
    private static final String RECURSO = AssociacoesDoLote.class.getName();
    private static final String CONSULTA = """
            SELECT association_value, saga_id FROM association_value_entry
             WHERE saga_type = ? AND association_key = ? AND association_value = ANY (?)""";

    private final SagaStore<Object> loja;
    private final ConnectionProvider conexoes;
    private final String tipoDaSaga;

    /**
     * @param loja       the store itself (JDBC), which keeps every write and every other lookup
     * @param conexoes   the connections of the batch's transaction
     * @param tipoDaSaga how the store names {@link EntregaSaga} in {@code saga_type}
     */
    public AssociacoesDoLote(SagaStore<Object> loja, ConnectionProvider conexoes, String tipoDaSaga) {
        this.loja = loja;
        this.conexoes = conexoes;
        this.tipoDaSaga = tipoDaSaga;
    }

    @Override
    public Set<String> findSagas(Class<?> sagaType, AssociationValue associationValue) {
        if (sagaType == EntregaSaga.class && CHAVE.equals(associationValue.getKey())
            && CurrentUnitOfWork.isStarted()) {
            Map<String, Set<String>> doLote = doLote(CurrentUnitOfWork.get().root());
            if (doLote != null && doLote.containsKey(associationValue.getValue())) {
                return new HashSet<>(doLote.get(associationValue.getValue()));
            }
        }
        return loja.findSagas(sagaType, associationValue);
    }

    /**
     * The batch's deliveries and their sagas (an empty set for most), read on the batch's first lookup. Not with
     * {@code getOrComputeResource}: taking the connection registers a resource of its own on the unit of work.
     */
    private Map<String, Set<String>> doLote(UnitOfWork<?> raiz) {
        if (!(raiz instanceof BatchingUnitOfWork<?> lote)) {
            return null;
        }
        Map<String, Set<String>> lidas = raiz.getResource(RECURSO);
        if (lidas == null) {
            Set<String> entregas = new LinkedHashSet<>();
            for (Object mensagem : lote.getMessages()) {
                if (mensagem instanceof EventMessage<?> evento
                    && evento.getPayload() instanceof TentativaRegistradaEvent tentativa) {
                    entregas.add(tentativa.entregaId());
                }
            }
            lidas = ler(entregas);
            raiz.resources().put(RECURSO, lidas);
        }
        return lidas;
    }

    private Map<String, Set<String>> ler(Set<String> entregas) {
        Map<String, Set<String>> sagas = new HashMap<>();
        for (String entrega : entregas) {
            sagas.put(entrega, new HashSet<>(1));
        }
        if (entregas.isEmpty()) {
            return sagas;
        }
        Connection conexao = null;
        PreparedStatement sql = null;
        ResultSet linhas = null;
        try {
            conexao = conexoes.getConnection();
            sql = conexao.prepareStatement(CONSULTA);
            sql.setString(1, tipoDaSaga);
            sql.setString(2, CHAVE);
            sql.setArray(3, conexao.createArrayOf("text", entregas.toArray()));
            linhas = sql.executeQuery();
            while (linhas.next()) {
                sagas.get(linhas.getString(1)).add(linhas.getString(2));
            }
            return sagas;
        } catch (SQLException e) {
            throw new IllegalStateException("Associações das sagas de entrega não puderam ser lidas", e);
        } finally {
            closeQuietly(linhas);
            closeQuietly(sql);
            closeQuietly(conexao);
        }
    }

    @Override
    public <S> Entry<S> loadSaga(Class<S> sagaType, String sagaIdentifier) {
        return loja.loadSaga(sagaType, sagaIdentifier);
    }

    @Override
    public void deleteSaga(Class<?> sagaType, String sagaIdentifier, Set<AssociationValue> associationValues) {
        loja.deleteSaga(sagaType, sagaIdentifier, associationValues);
    }

    @Override
    public void insertSaga(Class<?> sagaType, String sagaIdentifier, Object saga,
                           Set<AssociationValue> associationValues) {
        loja.insertSaga(sagaType, sagaIdentifier, saga, associationValues);
    }

    @Override
    public void updateSaga(Class<?> sagaType, String sagaIdentifier, Object saga,
                           AssociationValues associationValues) {
        loja.updateSaga(sagaType, sagaIdentifier, saga, associationValues);
    }
}
